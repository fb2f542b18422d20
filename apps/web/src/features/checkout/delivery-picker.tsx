import { useId, useState, type RefObject } from 'react';
import { Tabs } from 'radix-ui';
import { CalendarDays, CircleAlert } from 'lucide-react';
import type { DeliverySlotView } from '@store/contracts';
import { addDays, MAX_DAYS_AHEAD, SLOT_REASONS, SLOT_TYPE_LABELS, SLOT_TYPES, type SlotType } from '@store/domain';
import { Alert } from '../../components/ui/alert.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';
import { dayName, formatDeliveryDate, formatDelivery, relativeDay } from '../../lib/delivery.js';
import { inr } from '../../lib/format.js';
import type { CartDelivery } from '../../stores/cart-store.js';
import type { DeliverySlots } from './use-delivery-slots.js';

/** Days offered as buttons; later ones (up to 60 days ahead) through the date field. */
export const DATE_BUTTONS = 14;
/** At or under this many places left, a slot says so. */
export const FEW_PLACES = 5;
export const CHOOSE_SLOT_MESSAGE = 'Choose a delivery slot';

/** The next slot of its type with a place, as the slots answer names it under a full one. */
export type NextFree = NonNullable<DeliverySlotView['nextFree']>;

export interface DeliveryPickerProps {
  slots: DeliverySlots;
  /** Today in India ('YYYY-MM-DD'). */
  today: string;
  /** What to say before there is a PIN code to ask about. */
  idleText: string;
  slotId: string | null;
  /** The slot type whose times are listed. */
  type: SlotType;
  onDate(date: string): void;
  onType(type: SlotType): void;
  onSlot(slot: DeliverySlotView): void;
  /** The shopper took the next free slot offered under a full one of this type. */
  onNextFree(next: NextFree, type: SlotType): void;
  /** 'Choose a delivery slot', after a Continue without one. */
  error?: string;
  /** The slot saved earlier, to say so when it can no longer be booked. */
  previous: CartDelivery | null;
  /** The part of the picker that takes focus when a slot is missing. */
  containerRef?: RefObject<HTMLDivElement | null>;
}

/**
 * When the gift arrives: a date (the next two weeks as buttons, any later day up to 60 days
 * ahead in a date field), then a slot type (tabs, fee shown) and one of its time windows (radios;
 * a window that cannot be booked is disabled and says why, and a full one offers the next free
 * window of its type, so the shopper is not left at a dead end).
 */
export function DeliveryPicker(props: DeliveryPickerProps) {
  const { slots, today, idleText, error, containerRef } = props;
  const errorId = useId();
  const chosen = slots.data?.slots.find((s) => s.id === props.slotId && s.available);

  let body;
  if (!slots.asked) {
    body = <p className="text-sm text-neutral-600">{idleText}</p>;
  } else if (slots.error && !slots.earliestDate) {
    body = <LoadError what="the delivery dates" load={slots} />;
  } else if (slots.date === null) {
    body = <LoadingSlots />;
  } else if (slots.earliestDate === null) {
    body = <Alert tone="warning">No delivery dates are open for this PIN code just now.</Alert>;
  } else {
    body = (
      <>
        <DatePicker today={today} earliestDate={slots.earliestDate} date={slots.date} onDate={props.onDate} />
        {slots.data ? (
          <SlotTabs {...props} slots={slots.data.slots} date={slots.date} errorId={error ? errorId : undefined} />
        ) : slots.error ? (
          <LoadError what="the delivery slots for this date" load={slots} />
        ) : (
          <LoadingSlots />
        )}
      </>
    );
  }

  return (
    <div ref={containerRef} className="flex flex-col gap-4">
      <PreviousGone previous={props.previous} slots={slots} />
      {body}
      <p role="status" className="text-sm font-medium text-neutral-900 empty:hidden">
        {chosen && slots.date ? `Delivering ${formatDelivery({ ...chosen, date: slots.date })}` : ''}
      </p>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LoadingSlots() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span role="status" className="sr-only">
        Loading delivery slots…
      </span>
      <Skeleton className="h-14" />
      <Skeleton className="h-24" />
    </div>
  );
}

/** The slot saved before (in the cart) that the latest answer says cannot be booked any more. */
function PreviousGone({ previous, slots }: { previous: CartDelivery | null; slots: DeliverySlots }) {
  if (!previous || !slots.data || slots.date !== previous.date) return null;
  const now = slots.data.slots.find((s) => s.id === previous.slotId);
  if (!now || now.available) return null;
  return (
    <Alert tone="warning" role="status">
      {formatDelivery(previous)} can no longer be booked: {now.reason ?? 'not available'}. Please choose another slot.
    </Alert>
  );
}

interface DatePickerProps {
  today: string;
  earliestDate: string;
  date: string;
  onDate(date: string): void;
}

function DatePicker({ today, earliestDate, date, onDate }: DatePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const last = addDays(today, MAX_DAYS_AHEAD);
  const days = Array.from({ length: DATE_BUTTONS }, (_, n) => addDays(today, n));

  function pickFromField(value: string) {
    if (!value) return;
    if (value < earliestDate || value > last) {
      setProblem(`Choose a date from ${formatDeliveryDate(earliestDate)} to ${formatDeliveryDate(last)}`);
      return;
    }
    setProblem(null);
    onDate(value);
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="Delivery date"
        className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-2 [scrollbar-width:thin]"
      >
        {days.map((day) => {
          const relative = relativeDay(day, today);
          const [weekday, rest] = splitDate(day);
          const closed = day < earliestDate;
          const pressed = day === date;
          return (
            <button
              key={day}
              type="button"
              aria-pressed={pressed}
              disabled={closed}
              onClick={() => {
                setProblem(null);
                onDate(day);
              }}
              className={cn(
                'relative flex w-20 shrink-0 snap-start flex-col items-center rounded-lg border px-2 py-2 text-sm transition-colors',
                pressed
                  ? 'border-brand-600 bg-brand-50 font-semibold text-brand-900'
                  : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-400',
                closed &&
                  'cursor-not-allowed border-neutral-200 bg-neutral-100 text-neutral-400 hover:border-neutral-200',
              )}
            >
              {/* Seen as two lines, read as one: 'Today, Tue, 24 Nov', 'Thu, 26 Nov'. */}
              <span aria-hidden="true" className="text-xs font-medium">
                {relative ?? weekday}
              </span>
              <span aria-hidden="true" className="whitespace-nowrap">
                {rest}
              </span>
              <span className="sr-only">
                {relative ? `${relative}, ${formatDeliveryDate(day)}` : formatDeliveryDate(day)}
              </span>
            </button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <label htmlFor={inputId} className="flex items-center gap-1.5 text-sm font-medium text-neutral-900">
          <CalendarDays className="size-4 text-brand-600" aria-hidden="true" />
          More dates
        </label>
        <input
          id={inputId}
          type="date"
          min={earliestDate}
          max={last}
          value={date}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => pickFromField(e.target.value)}
          className="h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-none"
        />
        <p id={hintId} className={cn('w-full text-xs', problem ? 'text-red-700' : 'text-neutral-600')}>
          {problem ?? `Up to ${MAX_DAYS_AHEAD} days ahead, until ${formatDeliveryDate(last)}`}
        </p>
      </div>
    </div>
  );
}

/** 'Thu, 26 Nov' → ['Thu', '26 Nov']. */
function splitDate(date: string): [string, string] {
  const [weekday = '', rest = ''] = formatDeliveryDate(date).split(', ');
  return [weekday, rest];
}

type SlotTabsProps = Omit<DeliveryPickerProps, 'slots'> & {
  slots: DeliverySlotView[];
  date: string;
  errorId: string | undefined;
};

/** A whole slot type that cannot be had here, said once instead of on each of its windows. */
const TYPE_WIDE_REASONS: readonly string[] = [SLOT_REASONS.notOffered, SLOT_REASONS.notForProducts];

function SlotTabs({ slots, date, today, type, slotId, onType, onSlot, onNextFree, errorId }: SlotTabsProps) {
  const name = useId();
  const types = SLOT_TYPES.filter((t) => slots.some((s) => s.type === t));
  const shown = types.includes(type) ? type : (types[0] ?? type);
  return (
    <Tabs.Root value={shown} onValueChange={(v) => onType(v as SlotType)} className="flex flex-col gap-3">
      <Tabs.List aria-label="Delivery type" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {types.map((t) => {
          const fee = slots.find((s) => s.type === t)?.fee ?? 0;
          const open = slots.some((s) => s.type === t && s.available);
          return (
            <Tabs.Trigger
              key={t}
              value={t}
              className={cn(
                'flex flex-col items-center rounded-lg border px-2 py-2 text-sm transition-colors',
                'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-400',
                'data-[state=active]:border-brand-600 data-[state=active]:bg-brand-50 data-[state=active]:font-semibold',
                !open && 'text-neutral-500',
              )}
            >
              <span>{SLOT_TYPE_LABELS[t]}</span>
              {fee > 0 ? (
                <span className="text-xs tabular-nums">
                  <span className="sr-only"> </span>
                  {inr(fee)}
                </span>
              ) : (
                <span className="text-xs">
                  <span className="sr-only"> </span>Free
                </span>
              )}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {types.map((t) => {
        const ofType = slots.filter((s) => s.type === t);
        const first = ofType[0]?.reason ?? null;
        const wholeType =
          first !== null && TYPE_WIDE_REASONS.includes(first) && ofType.every((s) => s.reason === first);
        return (
          <Tabs.Content key={t} value={t} className="focus-visible:outline-offset-4">
            {wholeType ? (
              <p className="rounded-md bg-neutral-100 px-3 py-2.5 text-sm text-neutral-700">
                {SLOT_TYPE_LABELS[t]} delivery: {first}
              </p>
            ) : (
              <fieldset aria-describedby={errorId}>
                <legend className="sr-only">
                  {SLOT_TYPE_LABELS[t]} delivery times on {formatDeliveryDate(date)}
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {ofType.map((slot) => (
                    <SlotOption
                      key={slot.id}
                      slot={slot}
                      name={name}
                      today={today}
                      checked={slot.available && slot.id === slotId}
                      onSlot={onSlot}
                      onNextFree={onNextFree}
                    />
                  ))}
                </div>
              </fieldset>
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}

function SlotOption({
  slot,
  name,
  today,
  checked,
  onSlot,
  onNextFree,
}: {
  slot: DeliverySlotView;
  name: string;
  today: string;
  checked: boolean;
  onSlot(slot: DeliverySlotView): void;
  onNextFree(next: NextFree, type: SlotType): void;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;
  const note = slot.available
    ? slot.placesLeft <= FEW_PLACES
      ? `${slot.placesLeft} left`
      : null
    : (slot.reason ?? 'Not available');
  const next = slot.nextFree;
  return (
    // The card, not the label, holds the next-free button: a button inside a label is not allowed.
    <div
      className={cn(
        'flex flex-col rounded-lg border text-sm transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
        checked ? 'border-brand-600 bg-brand-50' : 'border-neutral-300 bg-white',
        slot.available ? 'hover:border-neutral-400' : 'bg-neutral-100 text-neutral-500',
      )}
    >
      <label
        htmlFor={id}
        className={cn('flex items-start gap-3 px-3 py-2.5', slot.available ? 'cursor-pointer' : 'cursor-not-allowed')}
      >
        <input
          id={id}
          type="radio"
          name={name}
          value={slot.id}
          checked={checked}
          disabled={!slot.available}
          aria-labelledby={labelId}
          aria-describedby={note ? noteId : undefined}
          onChange={() => onSlot(slot)}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        <span className="flex min-w-0 flex-col">
          <span id={labelId} className={cn('font-medium', slot.available && 'text-neutral-900')}>
            {slot.label}
          </span>
          {note ? (
            <span
              id={noteId}
              className={cn('text-xs', slot.available ? 'font-medium text-amber-800' : 'text-neutral-600')}
            >
              {note}
            </span>
          ) : null}
        </span>
      </label>
      {next ? (
        <button
          type="button"
          onClick={() => onNextFree(next, slot.type)}
          className="-mt-1.5 self-start pr-3 pb-2.5 pl-10 text-left text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Next free: {dayName(next.date, today)}, {next.label}
        </button>
      ) : null}
    </div>
  );
}
