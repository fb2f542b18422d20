import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Download, Printer } from 'lucide-react';
import type { ScheduledOrder, ScheduleResponse } from '@store/contracts';
import { inDayOrder, isCalendarDate, istDate, runSheetItem, runSheetPhone } from '@store/domain';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { LoadError } from '../../components/ui/load-error.js';
import { cn } from '../../lib/cn.js';
import { formatDeliveryDateLong } from '../../lib/delivery.js';
import { usePageTitle } from '../../lib/page-title.js';
import { runSheetCsvHref, useDeliverySchedule } from './admin-api.js';
import { AdminPage, EmptyNote, Loading } from './admin-page.js';

type Slot = ScheduleResponse['areas'][number]['slots'][number];
interface RunSlot extends Slot {
  area: string;
  toDeliver: ScheduledOrder[];
}

/** The day's slots that have orders still to deliver, in the order the day runs them. */
function runSlots(schedule: ScheduleResponse): RunSlot[] {
  const slots = schedule.areas.flatMap((area) =>
    area.slots.map((slot) => ({ ...slot, area: area.name, toDeliver: slot.orders.filter((o) => !o.isDelivered) })),
  );
  return inDayOrder(slots).filter((slot) => slot.toDeliver.length > 0);
}

/**
 * /admin/deliveries/print?date=YYYY-MM-DD: the day's run sheet to print (ADR 085), the same orders
 * and fields as its CSV: each order still to deliver, by slot, with whom and where to deliver it,
 * what to hand over and the card's message. Printed, the admin frame and these buttons drop away
 * and no order is split across two pages.
 */
export function RunSheetPage() {
  usePageTitle('Run sheet');
  const [params] = useSearchParams();
  const asked = params.get('date');
  const date = asked && isCalendarDate(asked) ? asked : istDate(new Date());
  const schedule = useDeliverySchedule(date);
  const slots = schedule.data ? runSlots(schedule.data) : [];
  const count = slots.reduce((n, s) => n + s.toDeliver.length, 0);

  return (
    <AdminPage
      title="Run sheet"
      back={`/admin/deliveries?date=${date}`}
      action={
        <div className="flex flex-wrap gap-2 print:hidden">
          <a href={runSheetCsvHref(date)} download className={buttonClasses('outline', 'sm')}>
            <Download className="size-4" aria-hidden="true" />
            CSV
          </a>
          <Button size="sm" variant="dark" onClick={() => window.print()} disabled={count === 0}>
            <Printer className="size-4" aria-hidden="true" />
            Print
          </Button>
        </div>
      }
    >
      <p className="-mt-3 text-lg font-semibold text-neutral-900">
        {formatDeliveryDateLong(date)}
        {schedule.isSuccess ? (
          <span className="block text-base font-normal text-neutral-700 sm:ml-2 sm:inline">
            {count === 1 ? '1 order to deliver' : `${count} orders to deliver`}
          </span>
        ) : null}
      </p>
      {schedule.isPending ? (
        <Loading what="the run sheet" rows={4} />
      ) : schedule.isError ? (
        <LoadError what="the run sheet" load={schedule} />
      ) : count === 0 ? (
        <EmptyNote>Nothing to deliver on this date.</EmptyNote>
      ) : (
        slots.map((slot) => <SlotSheet key={`${slot.area}-${slot.id}`} slot={slot} />)
      )}
    </AdminPage>
  );
}

function SlotSheet({ slot }: { slot: RunSlot }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {slot.label} <span className="font-normal text-neutral-700">· {slot.area}</span>
      </h2>
      <ol className="flex flex-col gap-2">
        {slot.toDeliver.map((order) => (
          <RunSheetOrder key={order._id} order={order} slot={slot.label} />
        ))}
      </ol>
    </section>
  );
}

const captionClasses = 'text-xs font-semibold tracking-wide text-neutral-600 uppercase';

function Field({ caption, children, className }: { caption: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className={captionClasses}>{caption}</dt>
      <dd className="text-sm break-words text-neutral-900">{children}</dd>
    </div>
  );
}

function RunSheetOrder({ order, slot }: { order: ScheduledOrder; slot: string }) {
  const a = order.shippingAddress;
  const place = `${a.city} ${a.postalCode}`.trim();
  return (
    <li
      aria-label={`Order ${order.orderNumber} for ${order.recipient.name}`}
      className="rounded-lg border border-neutral-300 p-3 break-inside-avoid"
    >
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 print:grid-cols-4">
        <Field caption="Order">
          <span className="font-mono font-semibold">{order.orderNumber}</span>
          <span className="block">{slot}</span>
        </Field>
        <Field caption="Deliver to">
          <span className="block font-semibold">{order.recipient.name}</span>
          <span className="block tabular-nums">{runSheetPhone(order.recipient.phone)}</span>
        </Field>
        <Field caption="Address">
          {[a.address, a.address2, place]
            .filter((line) => line.trim())
            .map((line, n) => (
              <span key={n} className="block">
                {line}
              </span>
            ))}
          {a.landmark.trim() ? <span className="block font-medium">Landmark: {a.landmark}</span> : null}
        </Field>
        <Field caption="Items">
          {order.items.map((item, n) => (
            <span key={n} className="block">
              {runSheetItem(item)}
            </span>
          ))}
        </Field>
        <Field caption="Message" className="sm:col-span-2 lg:col-span-4 print:col-span-4">
          {order.giftMessage ? (
            <>
              <span className="block whitespace-pre-line">{order.giftMessage.message}</span>
              {order.giftMessage.senderName ? (
                <span className="block italic">— {order.giftMessage.senderName}</span>
              ) : null}
            </>
          ) : (
            <span className="text-neutral-600">No message card</span>
          )}
        </Field>
      </dl>
    </li>
  );
}
