import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, LoaderCircle, Printer } from 'lucide-react';
import { toast } from 'sonner';
import type { ScheduledOrder, ScheduleResponse } from '@store/contracts';
import {
  addDays,
  displayPhone,
  isCalendarDate,
  istDate,
  landmarkLine,
  optionLabel,
  SLOT_TYPE_LABELS,
} from '@store/domain';
import { formatDeliveryDateLong } from '../../lib/delivery.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { usePageTitle } from '../../lib/page-title.js';
import { adminKeys, runSheetCsvHref, setSlotCapacity, useDeliverySchedule } from './admin-api.js';
import { AdminPage, Loading } from './admin-page.js';
import { LoadError } from '../../components/ui/load-error.js';
import { CapacityEditor, capacityProblem } from './delivery-capacity-editor.js';
import { fieldErrorsOf } from '../../lib/field-errors.js';
import { Checkbox, controlClasses, FieldError, labelClasses } from './form-controls.js';
import { MessageCardDialog } from './message-card.js';

type Area = ScheduleResponse['areas'][number];
type Slot = Area['slots'][number];

/**
 * /admin/deliveries?date=YYYY-MM-DD: a day's deliveries by area and slot, only the slots with
 * orders unless `empty=1` asks for every slot (to raise a capacity ahead of a busy day), the day's
 * run sheet to download or print, and what each area offers.
 */
export function DeliveriesPage() {
  usePageTitle('Deliveries');
  const [params, setParams] = useSearchParams();
  const today = istDate(new Date());
  const asked = params.get('date');
  const date = asked && isCalendarDate(asked) ? asked : today;
  const showEmpty = params.get('empty') === '1';

  function set(change: (p: URLSearchParams) => void, replace = false) {
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        change(copy);
        return copy;
      },
      { replace },
    );
  }
  const go = (next: string, replace = false) => set((p) => p.set('date', next), replace);

  return (
    <AdminPage
      title="Deliveries"
      action={
        <a href="#slots-and-capacity" className="text-sm font-medium text-brand-700 hover:underline">
          Slots and capacity
        </a>
      }
    >
      <DateNav date={date} today={today} onChange={go} />
      <Schedule
        date={date}
        showEmpty={showEmpty}
        onShowEmpty={(on) => set((p) => (on ? p.set('empty', '1') : p.delete('empty')), true)}
      />
      <CapacityEditor />
    </AdminPage>
  );
}

function DateNav({
  date,
  today,
  onChange,
}: {
  date: string;
  today: string;
  onChange: (date: string, replace?: boolean) => void;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button variant="outline" onClick={() => onChange(addDays(date, -1))}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="max-md:sr-only">Previous day</span>
      </Button>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className={labelClasses}>
          Delivery date
        </label>
        <input
          id={inputId}
          type="date"
          value={date}
          onChange={(e) => {
            if (isCalendarDate(e.target.value)) onChange(e.target.value, true);
          }}
          className={cn(controlClasses, 'w-44')}
        />
      </div>
      <Button variant="outline" onClick={() => onChange(addDays(date, 1))}>
        <span className="max-md:sr-only">Next day</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
      {date === today ? null : (
        <Button variant="ghost" onClick={() => onChange(today)}>
          Today
        </Button>
      )}
    </div>
  );
}

/** How many of a slot's (or a day's) orders are still to deliver, and how many were delivered. */
function tally(orders: readonly ScheduledOrder[]) {
  const delivered = orders.filter((o) => o.isDelivered).length;
  return { toDeliver: orders.length - delivered, delivered };
}

function tallyText({ toDeliver, delivered }: ReturnType<typeof tally>): string {
  const left =
    toDeliver === 0
      ? 'Nothing left to deliver'
      : toDeliver === 1
        ? '1 order to deliver'
        : `${toDeliver} orders to deliver`;
  return delivered > 0 ? `${left} · ${delivered} delivered` : left;
}

function Schedule({
  date,
  showEmpty,
  onShowEmpty,
}: {
  date: string;
  showEmpty: boolean;
  onShowEmpty: (on: boolean) => void;
}) {
  const schedule = useDeliverySchedule(date);
  const [card, setCard] = useState<ScheduledOrder | null>(null);
  const all = schedule.data?.areas.flatMap((a) => a.slots.flatMap((s) => s.orders)) ?? [];
  const day = tally(all);
  const areas = (schedule.data?.areas ?? [])
    .map((area) => ({ ...area, slots: showEmpty ? area.slots : area.slots.filter((s) => s.orders.length > 0) }))
    .filter((area) => area.slots.length > 0);
  return (
    <section aria-labelledby="schedule-date" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="schedule-date" className="text-xl font-semibold text-neutral-900">
            {formatDeliveryDateLong(date)}
          </h2>
          {schedule.isSuccess && all.length > 0 ? (
            <p role="status" className="mt-1 text-sm text-neutral-600">
              {tallyText(day)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={runSheetCsvHref(date)} download className={buttonClasses('outline', 'sm')}>
            <Download className="size-4" aria-hidden="true" />
            Run sheet (CSV)
          </a>
          <Link to={`/admin/deliveries/print?date=${date}`} className={buttonClasses('outline', 'sm')}>
            <Printer className="size-4" aria-hidden="true" />
            Print run sheet
          </Link>
        </div>
      </div>
      <Checkbox label="Show empty slots" checked={showEmpty} onCheckedChange={onShowEmpty} className="w-fit" />
      {schedule.isSuccess && all.length === 0 ? (
        <p
          role="status"
          className="rounded-xl border border-dashed border-neutral-300 px-6 py-8 text-center text-neutral-700"
        >
          No deliveries on this date
          {showEmpty ? null : (
            <span className="mt-1 block text-sm text-neutral-600">
              Show empty slots to raise a slot’s capacity ahead of a busy day.
            </span>
          )}
        </p>
      ) : null}
      {schedule.isPending ? (
        <Loading what="the schedule" rows={4} />
      ) : schedule.isError ? (
        <LoadError what="the day's deliveries" load={schedule} />
      ) : (
        areas.map((area) => <AreaSchedule key={area.id} area={area} date={date} onPrint={setCard} />)
      )}
      <MessageCardDialog order={card} onClose={() => setCard(null)} />
    </section>
  );
}

function AreaSchedule({ area, date, onPrint }: { area: Area; date: string; onPrint: (o: ScheduledOrder) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-neutral-200 bg-neutral-50 p-3 md:p-5">
      <h3 id={headingId} className="text-lg font-semibold text-neutral-900">
        {area.name} <span className="text-sm font-normal text-neutral-600">PIN codes {area.pincodePrefix}…</span>
      </h3>
      <ul className="mt-3 flex flex-col gap-3">
        {area.slots.map((slot) => (
          <li key={slot.id}>
            <SlotCard area={area} slot={slot} date={date} onPrint={onPrint} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SlotCard({
  area,
  slot,
  date,
  onPrint,
}: {
  area: Area;
  slot: Slot;
  date: string;
  onPrint: (o: ScheduledOrder) => void;
}) {
  const headingId = useId();
  const typeLabel = SLOT_TYPE_LABELS[slot.type as keyof typeof SLOT_TYPE_LABELS] ?? slot.type;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-neutral-200 bg-white p-3 md:p-4">
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] md:items-end">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={headingId} className="font-semibold text-neutral-900">
              {slot.label}
            </h4>
            <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
              {typeLabel}
            </span>
            {slot.orders.length > 0 ? (
              <span className="text-sm text-neutral-700">{tallyText(tally(slot.orders))}</span>
            ) : null}
          </div>
          <PlacesMeter slot={slot} />
        </div>
        <RaiseCapacity key={slot.capacity} area={area} slot={slot} date={date} />
      </div>
      {slot.orders.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-600">No orders in this slot.</p>
      ) : (
        <ul aria-label={`Orders, ${slot.label}`} className="mt-3 flex flex-col gap-3">
          {slot.orders.map((order) => (
            <OrderCard key={order._id} order={order} onPrint={() => onPrint(order)} />
          ))}
        </ul>
      )}
    </article>
  );
}

/** Places taken against capacity, as a bar with its numbers; a meter for screen readers. */
function PlacesMeter({ slot }: { slot: Slot }) {
  const { taken, capacity } = slot;
  const share = capacity > 0 ? Math.min(1, taken / capacity) : taken > 0 ? 1 : 0;
  const full = taken >= capacity;
  const text = `taken ${taken} of ${capacity}`;
  return (
    <div className="flex items-center gap-3">
      <div
        role="meter"
        aria-label={`Places, ${slot.label}`}
        aria-valuemin={0}
        aria-valuemax={Math.max(capacity, taken)}
        aria-valuenow={taken}
        aria-valuetext={text}
        className="h-2.5 w-full max-w-md overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className={cn('h-full rounded-full', full ? 'bg-red-600' : share >= 0.8 ? 'bg-amber-500' : 'bg-leaf-600')}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <span aria-hidden="true" className="shrink-0 text-sm text-neutral-800 tabular-nums">
        {text}
      </span>
      {full && capacity > 0 ? (
        <span className="shrink-0 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">Full</span>
      ) : null}
    </div>
  );
}

/** One slot's capacity on this date only (a busy festival day), then the schedule is asked again. */
function RaiseCapacity({ area, slot, date }: { area: Area; slot: Slot; date: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [value, setValue] = useState(String(slot.capacity));
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const input = e.currentTarget.elements.namedItem('capacity') as HTMLInputElement | null;
    const problem = capacityProblem(value);
    setError(problem);
    if (problem) {
      input?.focus();
      return;
    }
    setPending(true);
    try {
      const saved = await setSlotCapacity({ areaId: area.id, date, slotId: slot.id, capacity: Number(value) });
      toast.success(`${slot.label}, ${area.name}: capacity ${saved.capacity} on ${formatDeliveryDateLong(date)}`);
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.deliveries });
    } catch (err) {
      setError(fieldErrorsOf(err, ['capacity'] as const).capacity ?? errorMessage(err));
      setPending(false);
      input?.focus();
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={pending} className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        Raise capacity
        <span className="sr-only">
          {' '}
          of {slot.label}, {area.name}
        </span>
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="capacity"
          type="number"
          inputMode="numeric"
          min={slot.taken}
          step={1}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(controlClasses, 'min-w-0 flex-1', error && 'border-red-600')}
        />
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Save<span className="sr-only"> capacity of {slot.label}</span>
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </form>
  );
}

function addressLines(a: ScheduledOrder['shippingAddress']): string[] {
  const place = [a.city, a.state].filter(Boolean).join(', ');
  return [a.address, a.address2, landmarkLine(a.landmark), place, a.postalCode].filter((l) => l.trim());
}

const captionClasses = 'text-xs font-semibold tracking-wide text-neutral-600 uppercase';

/** An order to deliver: who to, where, what, and the message card; one row on wide screens, a card on phones. */
function OrderCard({ order, onPrint }: { order: ScheduledOrder; onPrint: () => void }) {
  const { recipient, giftMessage } = order;
  return (
    <li
      aria-label={`Order for ${recipient.name}`}
      className="grid gap-3 rounded-md border border-neutral-200 p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1.4fr)_auto]"
    >
      <div className="flex flex-col gap-0.5">
        <span className={captionClasses}>Deliver to</span>
        <span className="font-medium text-neutral-900">{recipient.name}</span>
        <a href={`tel:${recipient.phone.replace(/[^\d+]/g, '')}`} className="w-fit text-brand-700 hover:underline">
          {displayPhone(recipient.phone)}
        </a>
        {order.isDelivered ? (
          <span className="mt-1 w-fit rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-leaf-600">
            Delivered
          </span>
        ) : null}
      </div>
      <div className="flex flex-col gap-0.5">
        <span className={captionClasses}>Address</span>
        <address className="text-sm text-neutral-800 not-italic">
          {addressLines(order.shippingAddress).map((line, n) => (
            <span key={n} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
      <div className="flex flex-col gap-0.5">
        <span className={captionClasses}>Items</span>
        <ul className="text-sm text-neutral-800">
          {order.items.map((item, n) => (
            <li key={n}>
              {item.name}
              {item.variantName ? ` (${item.variantName})` : ''} × {item.qty}
              {item.options.length > 0 ? (
                <ul aria-label={`Options for ${item.name}`} className="font-medium break-words text-neutral-900">
                  {item.options.map((option) => (
                    // The baker needs what to make, not what it cost.
                    <li key={option.name}>{optionLabel({ ...option, price: 0 })}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-0.5">
        <span className={captionClasses}>Message</span>
        {giftMessage ? (
          <figure className="text-sm text-neutral-800">
            <blockquote className="whitespace-pre-line">{giftMessage.message}</blockquote>
            {giftMessage.senderName ? <figcaption className="italic">— {giftMessage.senderName}</figcaption> : null}
          </figure>
        ) : (
          <span className="text-sm text-neutral-600">No message card</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 lg:flex-col lg:items-end">
        {giftMessage ? (
          <Button variant="outline" size="sm" onClick={onPrint}>
            <Printer className="size-4" aria-hidden="true" />
            Print card<span className="sr-only"> for {recipient.name}</span>
          </Button>
        ) : null}
        <Link to={`/order/${order._id}`} className="text-sm font-medium text-brand-700 hover:underline">
          Order {order.orderNumber}
        </Link>
      </div>
    </li>
  );
}
