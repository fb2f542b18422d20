import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { PartnerOrder } from '@store/contracts';
import { addDays } from '@store/domain';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';
import { formatDeliveryDate, todayIst } from '../../lib/delivery.js';
import { usePageTitle } from '../../lib/page-title.js';
import { OrderCard } from './order-card.js';
import { usePartnerOrders } from './partner-api.js';
import { PRINT_CARD_CSS } from './message-card.js';

const DAYS = ['today', 'tomorrow'] as const;
type Day = (typeof DAYS)[number];
const DAY_NAMES: Record<Day, string> = { today: 'Today', tomorrow: 'Tomorrow' };

/** One slot's orders, under the slot's name, in the order their slots begin. */
interface SlotGroup {
  key: string;
  slot: string;
  orders: PartnerOrder[];
}

function bySlot(orders: readonly PartnerOrder[]): SlotGroup[] {
  const groups = new Map<string, SlotGroup>();
  const sorted = [...orders].sort((a, b) => a.delivery.slotStart.localeCompare(b.delivery.slotStart));
  for (const order of sorted) {
    const key = `${order.delivery.slotStart}-${order.delivery.slot}`;
    const group = groups.get(key) ?? { key, slot: order.delivery.slot, orders: [] };
    group.orders.push(order);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * /partner: what a partner kitchen, florist or courier desk makes and delivers today and
 * tomorrow (issue 36), slot by slot, with each order's moves (accept or decline an offer, send it
 * out, deliver it with a photo). Made for a phone in one hand at the counter or on the road; the
 * list asks the server again every half minute while it is in view, so a new offer shows up.
 */
export function PartnerPage() {
  usePageTitle('Partner orders', "A Phoolwala Gifts partner's orders for today and tomorrow.");
  const query = usePartnerOrders();
  const [params, setParams] = useSearchParams();
  const day: Day = params.get('day') === 'tomorrow' ? 'tomorrow' : 'today';
  const today = todayIst();
  const dates: Record<Day, string> = { today, tomorrow: addDays(today, 1) };
  const tabs = useRef<Record<Day, HTMLButtonElement | null>>({ today: null, tomorrow: null });

  function choose(next: Day) {
    setParams(next === 'today' ? {} : { day: next }, { replace: true });
  }

  // Arrow keys move between the tabs, as in any tab list; Tab goes on into the orders.
  function onKeyDown(e: KeyboardEvent) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = day === 'today' ? 'tomorrow' : 'today';
    choose(next);
    tabs.current[next]?.focus();
  }

  // An order of a day before the browser's today (its clock behind the server's) is still today's work.
  const ofDay = (d: Day, order: PartnerOrder) =>
    d === 'today' ? order.delivery.date <= dates.today : order.delivery.date > dates.today;
  const orders = query.data?.orders ?? [];
  const shown = orders.filter((o) => ofDay(day, o));

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-5 md:py-8">
      <style>{PRINT_CARD_CSS}</style>
      <div>
        <p className="text-sm font-medium text-brand-700">Partner orders</p>
        {query.data ? (
          <h1 className="text-2xl font-bold wrap-anywhere text-neutral-900 md:text-3xl">{query.data.partner.name}</h1>
        ) : (
          <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">Your orders</h1>
        )}
        <p className="mt-1 text-sm text-neutral-700">
          What to make and deliver, slot by slot. New offers show up here by themselves.
        </p>
      </div>

      <div role="tablist" aria-label="Day" className="grid grid-cols-2 gap-1 rounded-xl bg-neutral-100 p-1">
        {DAYS.map((d) => {
          const count = orders.filter((o) => ofDay(d, o)).length;
          const selected = d === day;
          return (
            <button
              key={d}
              ref={(el) => {
                tabs.current[d] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${d}`}
              aria-selected={selected}
              aria-controls="day-orders"
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(d)}
              onKeyDown={onKeyDown}
              className={cn(
                'flex min-h-12 flex-col items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold',
                selected ? 'bg-white text-neutral-900 shadow-sm' : 'text-neutral-700 hover:bg-white/60',
              )}
            >
              <span>
                {DAY_NAMES[d]}
                {query.data ? <span className="font-normal text-neutral-600"> · {count}</span> : null}
              </span>
              <span className="text-xs font-normal text-neutral-600">{formatDeliveryDate(dates[d])}</span>
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id="day-orders" aria-labelledby={`tab-${day}`} className="flex flex-col gap-6">
        {query.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading your orders…
            </span>
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-64" />
            <Skeleton className="h-64" />
          </div>
        ) : query.isError ? (
          <LoadError what="your orders" load={query} />
        ) : shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-neutral-300 px-6 py-10 text-center text-neutral-700">
            No orders for {DAY_NAMES[day].toLowerCase()} yet. New offers appear here as they come in.
          </p>
        ) : (
          bySlot(shown).map((group, n) => (
            <section key={group.key} aria-labelledby={`slot-${n}`} className="flex flex-col gap-3">
              <h2 id={`slot-${n}`} className="text-lg font-semibold text-neutral-900">
                {group.slot}
                <span className="ml-2 text-sm font-normal text-neutral-600">
                  {group.orders.length === 1 ? '1 order' : `${group.orders.length} orders`}
                </span>
              </h2>
              {group.orders.map((order) => (
                <OrderCard key={order._id} order={order} />
              ))}
            </section>
          ))
        )}
      </div>
    </div>
  );
}
