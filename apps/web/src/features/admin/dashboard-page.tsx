import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Dashboard, DashboardFigure, DashboardSummary } from '@store/contracts';
import {
  DASHBOARD_PERIODS,
  ORDER_STAGE_LABELS,
  PERIOD_LABELS,
  PREVIOUS_PERIOD_LABELS,
  SLOT_TYPE_LABELS,
  STORE_TIME_ZONE,
  type DashboardPeriod,
} from '@store/domain';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';
import { formatDateTime, inr } from '../../lib/format.js';
import { usePageTitle } from '../../lib/page-title.js';
import { useDashboard } from './admin-api.js';
import { AdminPage, AdminTable, cellClasses, Loading, Th } from './admin-page.js';

// Recharts is a large library only these two charts use: it loads after the figures show.
const RevenueChart = lazy(() => import('./dashboard-charts.js').then((m) => ({ default: m.RevenueChart })));
const StatusChart = lazy(() => import('./dashboard-charts.js').then((m) => ({ default: m.StatusChart })));

const DEFAULT_PERIOD: DashboardPeriod = '7d';

const count = new Intl.NumberFormat('en-IN');
const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: STORE_TIME_ZONE });
const weekDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: STORE_TIME_ZONE,
});
/** Midday IST of an IST date, so formatting in IST can only land on that date. */
const istNoon = (date: string) => new Date(`${date}T12:00:00+05:30`);

const isPeriod = (value: string | null): value is DashboardPeriod =>
  DASHBOARD_PERIODS.includes(value as DashboardPeriod);

/** 'today', 'in the last 7 days': how a sentence names the period. */
const during = (period: DashboardPeriod) =>
  period === 'today' ? 'today' : `in the ${PERIOD_LABELS[period].toLowerCase()}`;

/** /admin: the owner's dashboard, the admins' landing page; the period is in the URL (?period=30d). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const [params] = useSearchParams();
  const asked = params.get('period');
  const period = isPeriod(asked) ? asked : DEFAULT_PERIOD;
  const dashboard = useDashboard(period);

  return (
    <AdminPage title="Dashboard" action={<PeriodPicker period={period} />}>
      {dashboard.isPending ? (
        <Loading what="the dashboard" rows={5} />
      ) : dashboard.isError ? (
        <LoadError what="the dashboard" load={dashboard} />
      ) : (
        <Figures data={dashboard.data} period={period} />
      )}
    </AdminPage>
  );
}

function PeriodPicker({ period }: { period: DashboardPeriod }) {
  return (
    <nav aria-label="Period" className="flex rounded-lg border border-neutral-300 bg-white p-0.5 text-sm font-medium">
      {DASHBOARD_PERIODS.map((p) => (
        <Link
          key={p}
          to={`?period=${p}`}
          aria-current={p === period ? 'true' : undefined}
          className={cn(
            'rounded-md px-3 py-1.5 text-neutral-700 hover:bg-neutral-100',
            p === period && 'bg-brand-600 text-white hover:bg-brand-600',
          )}
        >
          {PERIOD_LABELS[p]}
        </Link>
      ))}
    </nav>
  );
}

function Figures({ data, period }: { data: Dashboard; period: DashboardPeriod }) {
  const chosen = during(period);
  return (
    <>
      <p className="text-sm text-neutral-600">
        Figures at {formatDateTime(data.summaries[0]!.to)} IST. Revenue is what paid orders came to, GST, delivery and
        coupons included, on the day they were paid.
      </p>
      <ul aria-label="Revenue and orders" className="grid gap-3 md:grid-cols-3">
        {data.summaries.map((s) => (
          <SummaryCard key={s.period} summary={s} chosen={s.period === period} />
        ))}
      </ul>
      <div className="grid gap-5 lg:grid-cols-2">
        <RevenueSection data={data} chosen={chosen} />
        <StatusSection data={data} chosen={chosen} />
      </div>
      <div className="grid items-start gap-5 lg:grid-cols-3">
        <TopProducts data={data} chosen={chosen} />
        <LowStock lowStock={data.lowStock} />
        <Refunds refunds={data.refunds} />
      </div>
      <Fulfilment fulfilment={data.fulfilment} />
      <Deliveries deliveries={data.deliveries} />
    </>
  );
}

function SummaryCard({ summary, chosen }: { summary: DashboardSummary; chosen: boolean }) {
  const against = PREVIOUS_PERIOD_LABELS[summary.period];
  return (
    <li
      className={cn(
        'rounded-xl border bg-white p-4',
        chosen ? 'border-brand-600 ring-1 ring-brand-600' : 'border-neutral-200',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-neutral-900">{PERIOD_LABELS[summary.period]}</h2>
        {chosen ? <span className="text-xs font-medium text-brand-700">Charts below</span> : null}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        <Figure label="Revenue" figure={summary.revenue} show={inr} against={against} />
        <Figure label="Orders" figure={summary.orders} show={(n) => count.format(n)} against={against} />
      </dl>
    </li>
  );
}

function Figure({
  label,
  figure,
  show,
  against,
}: {
  label: string;
  figure: DashboardFigure;
  show: (n: number) => string;
  against: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-2xl font-bold text-neutral-900 tabular-nums">{show(figure.current)}</dd>
      <dd className="mt-1 text-xs text-neutral-700">
        <Change figure={figure} />
        <span className="block">
          vs {show(figure.previous)} {against}
        </span>
      </dd>
    </div>
  );
}

/** The change in words with an arrow beside them, so it never rests on colour alone. */
function Change({ figure }: { figure: DashboardFigure }) {
  const { change, current } = figure;
  if (change === null) {
    return current > 0 ? <Direction up>Up from none</Direction> : <span className="font-medium">None either time</span>;
  }
  if (change === 0) return <span className="font-medium">No change</span>;
  return <Direction up={change > 0}>{`${percent.format(Math.abs(change))}% ${change > 0 ? 'up' : 'down'}`}</Direction>;
}

function Direction({ up, children }: { up: boolean; children: ReactNode }) {
  return (
    <span className={cn('font-semibold', up ? 'text-leaf-600' : 'text-red-700')}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      {children}
    </span>
  );
}

/** A chart with a heading and its figures as a table behind 'Show as table', for screen readers and exact values. */
function ChartPanel({
  title,
  note,
  chart,
  table,
}: {
  title: string;
  note: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-neutral-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-neutral-600">{note}</p>
      <Suspense fallback={<Skeleton className="h-60" />}>{chart}</Suspense>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">Show as table</summary>
        <div className="mt-2">{table}</div>
      </details>
    </section>
  );
}

function RevenueSection({ data, chosen }: { data: Dashboard; chosen: string }) {
  const title = 'Revenue per day';
  return (
    <ChartPanel
      title={title}
      note={`What paid orders came to on each IST day ${chosen}.`}
      chart={
        <RevenueChart
          title={title}
          days={data.revenueByDay.map((d) => ({ label: shortDay.format(istNoon(d.date)), revenue: d.revenue }))}
        />
      }
      table={
        <AdminTable
          label={`${title}, as a table`}
          head={
            <>
              <Th>DAY</Th>
              <Th>ORDERS</Th>
              <Th>REVENUE</Th>
            </>
          }
        >
          {data.revenueByDay.map((d) => (
            <tr key={d.date}>
              <th scope="row" className={cn(cellClasses, 'font-medium')}>
                {weekDay.format(istNoon(d.date))}
              </th>
              <td className={cn(cellClasses, 'tabular-nums')}>{count.format(d.orders)}</td>
              <td className={cn(cellClasses, 'tabular-nums')}>{inr(d.revenue)}</td>
            </tr>
          ))}
        </AdminTable>
      }
    />
  );
}

function StatusSection({ data, chosen }: { data: Dashboard; chosen: string }) {
  const title = 'Orders by status';
  const statuses = data.ordersByStatus.map((s) => ({ label: ORDER_STAGE_LABELS[s.status], count: s.count }));
  return (
    <ChartPanel
      title={title}
      note={`Orders placed ${chosen}, by where each is now.`}
      chart={<StatusChart title={title} statuses={statuses} />}
      table={
        <AdminTable
          label={`${title}, as a table`}
          head={
            <>
              <Th>STATUS</Th>
              <Th>ORDERS</Th>
            </>
          }
        >
          {data.ordersByStatus.map((s) => (
            <tr key={s.status}>
              <th scope="row" className={cn(cellClasses, 'font-medium')}>
                <Link to={`/admin/orderlist?status=${s.status}`} className="text-brand-700 hover:underline">
                  {ORDER_STAGE_LABELS[s.status]}
                </Link>
              </th>
              <td className={cn(cellClasses, 'tabular-nums')}>{count.format(s.count)}</td>
            </tr>
          ))}
        </AdminTable>
      }
    />
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-neutral-200 bg-white p-4">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TopProducts({ data, chosen }: { data: Dashboard; chosen: string }) {
  return (
    <Panel title="Top products">
      {data.topProducts.length === 0 ? (
        <p className="text-sm text-neutral-600">Nothing sold {chosen}.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-neutral-100 text-sm">
          {data.topProducts.map((p) => (
            <li key={p.productId ?? 'deleted'} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0">
                {p.productId ? (
                  <Link
                    to={`/admin/product/${p.productId}/edit`}
                    className="font-medium text-neutral-900 hover:underline"
                  >
                    {p.name}
                  </Link>
                ) : (
                  <span className="font-medium text-neutral-900">{p.name}</span>
                )}
                <span className="block text-xs text-neutral-600">{count.format(p.units)} sold</span>
              </span>
              <span className="font-semibold text-neutral-900 tabular-nums">{inr(p.revenue)}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-2 text-xs text-neutral-600">By revenue from orders paid {chosen}, after coupons.</p>
    </Panel>
  );
}

function LowStock({ lowStock }: { lowStock: Dashboard['lowStock'] }) {
  const { total, items, threshold } = lowStock;
  return (
    <Panel title="Low stock">
      <p className="mb-2 text-sm text-neutral-700">
        {total === 0
          ? `Everything on sale has ${threshold} or more in stock.`
          : `${count.format(total)} ${total === 1 ? 'product or size has' : 'products and sizes have'} fewer than ${threshold} in stock${total > items.length ? `; the ${items.length} lowest:` : ':'}`}
      </p>
      <ul className="flex flex-col divide-y divide-neutral-100 text-sm">
        {items.map((item) => (
          <li key={item.variantId ?? item.productId} className="flex items-baseline justify-between gap-3 py-2">
            <Link to={`/admin/product/${item.productId}/edit`} className="min-w-0 text-neutral-900 hover:underline">
              {item.name}
              {item.variantName ? <span className="text-neutral-600"> · {item.variantName}</span> : null}
            </Link>
            <span
              className={cn(
                'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
                item.countInStock === 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900',
              )}
            >
              {item.countInStock === 0 ? 'Out of stock' : `${item.countInStock} left`}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Refunds({ refunds }: { refunds: Dashboard['refunds'] }) {
  return (
    <Panel title="Payments to refund">
      {refunds.count === 0 ? (
        <p className="text-sm text-neutral-700">None: every payment received paid its order.</p>
      ) : (
        <>
          <p className="text-2xl font-bold text-neutral-900 tabular-nums">{inr(refunds.amount)}</p>
          <p className="text-sm text-neutral-700">
            {count.format(refunds.count)} {refunds.count === 1 ? 'payment' : 'payments'} arrived but could not pay
            {refunds.count === 1 ? ' its order' : ' their orders'}.
          </p>
          <Link
            to="/admin/orderlist#refunds"
            className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
          >
            Refund them on the orders screen
          </Link>
        </>
      )}
    </Panel>
  );
}

const onTimeShare = (row: { delivered: number; late: number }) =>
  row.delivered === 0 ? '—' : `${Math.round((100 * (row.delivered - row.late)) / row.delivered)}%`;

/**
 * Issue 36: the orders no partner would take, which the admins must deliver, first; then how
 * often each partner and each slot type made its slot over the period.
 */
function Fulfilment({ fulfilment }: { fulfilment: Dashboard['fulfilment'] }) {
  const slotTypes = fulfilment.bySlotType.filter((row) => row.delivered > 0);
  return (
    <div className="grid items-start gap-5 lg:grid-cols-2">
      <Panel title="Orders without a partner">
        {fulfilment.unassigned.length === 0 ? (
          <p className="text-sm text-neutral-700">None: every paid order has a partner or is with your team.</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-neutral-700">
              No partner would take these: deliver them yourselves, or ask a partner to make room.
            </p>
            <ul className="divide-y divide-neutral-100">
              {fulfilment.unassigned.map((order) => (
                <li key={order._id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                  <Link to={`/order/${order._id}`} className="font-medium text-brand-700 hover:underline">
                    {order.orderNumber}
                  </Link>
                  <span className="text-neutral-700">
                    {weekDay.format(istNoon(order.deliveryDate))}, {order.slot}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Panel>
      <Panel title="On-time delivery">
        {fulfilment.byPartner.length === 0 ? (
          <p className="text-sm text-neutral-700">No orders were delivered in this period.</p>
        ) : (
          <AdminTable
            label="On-time delivery by partner and slot type"
            head={
              <>
                <Th>DELIVERED BY</Th>
                <Th>DELIVERED</Th>
                <Th>LATE</Th>
                <Th>ON TIME</Th>
              </>
            }
          >
            {[
              ...fulfilment.byPartner.map((row) => ({ key: row.partner ?? '', name: row.partner ?? 'Your team', row })),
              ...slotTypes.map((row) => ({ key: `type-${row.type}`, name: SLOT_TYPE_LABELS[row.type], row })),
            ].map(({ key, name, row }) => (
              <tr key={key}>
                <th scope="row" className={cn(cellClasses, 'font-medium whitespace-normal')}>
                  {name}
                </th>
                <td className={cn(cellClasses, 'tabular-nums')}>{row.delivered}</td>
                <td className={cn(cellClasses, 'tabular-nums', row.late > 0 && 'text-red-700')}>{row.late}</td>
                <td className={cn(cellClasses, 'tabular-nums')}>{onTimeShare(row)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>
    </div>
  );
}

function Deliveries({ deliveries }: { deliveries: Dashboard['deliveries'] }) {
  const totals = deliveries.days.map((_, n) => deliveries.slots.reduce((sum, s) => sum + s.counts[n]!, 0));
  return (
    <Panel title="Deliveries, next 7 days">
      {deliveries.slots.length === 0 ? (
        <p className="text-sm text-neutral-700">No paid deliveries are booked for the next 7 days.</p>
      ) : (
        <AdminTable
          label="Deliveries per slot, next 7 days"
          head={
            <>
              <Th>SLOT</Th>
              {deliveries.days.map((day) => (
                <th key={day} scope="col" className={cellClasses}>
                  <Link to={`/admin/deliveries?date=${day}`} className="text-brand-700 hover:underline">
                    {weekDay.format(istNoon(day))}
                  </Link>
                </th>
              ))}
            </>
          }
        >
          {deliveries.slots.map((slot) => (
            <tr key={slot.slotId}>
              <th scope="row" className={cn(cellClasses, 'min-w-28 font-medium whitespace-normal')}>
                {slot.label}
              </th>
              {slot.counts.map((n, i) => (
                <td key={deliveries.days[i]} className={cn(cellClasses, 'tabular-nums', n === 0 && 'text-neutral-400')}>
                  {n}
                </td>
              ))}
            </tr>
          ))}
          <tr className="font-semibold">
            <th scope="row" className={cellClasses}>
              All slots
            </th>
            {totals.map((n, i) => (
              <td key={deliveries.days[i]} className={cn(cellClasses, 'tabular-nums')}>
                {n}
              </td>
            ))}
          </tr>
        </AdminTable>
      )}
    </Panel>
  );
}
