import { Check, X } from 'lucide-react';
import type { OrderResponse } from '@store/contracts';
import { ORDER_STAGE_LABELS } from '@store/domain';
import { cn } from '../../lib/cn.js';
import { formatDateTime } from '../../lib/format.js';

type TimelineEvent = OrderResponse['timeline'][number];
type Step = 'placed' | 'paid' | 'accepted' | 'packed' | 'out_for_delivery' | 'delivered' | 'expired' | 'cancelled';
type StepState = 'done' | 'current' | 'ahead';

/** The road of an order that gets paid; an unpaid one that expires stops after Placed. */
const DELIVERY_PATH: Step[] = ['placed', 'paid', 'packed', 'out_for_delivery', 'delivered'];
const EXPIRED_PATH: Step[] = ['placed', 'expired'];

/**
 * The road of an order a partner kitchen or florist took (issue 36): accepted, then out and
 * delivered by them; they pack as they leave, so Packed is a step only if the store marked it.
 */
function partnerPath(timeline: readonly TimelineEvent[]): Step[] {
  const packed = timeline.some((e) => e.status === 'packed');
  return ['placed', 'paid', 'accepted', ...(packed ? (['packed'] as const) : []), 'out_for_delivery', 'delivered'];
}

/** The road an order took until an admin cancelled it: packed only if it got that far. */
function cancelledPath(timeline: readonly TimelineEvent[]): Step[] {
  const packed = timeline.some((e) => e.status === 'packed');
  return ['placed', 'paid', ...(packed ? (['packed'] as const) : []), 'cancelled'];
}

function pathOf(order: Pick<OrderResponse, 'stage' | 'timeline'>): Step[] {
  if (order.stage === 'expired') return EXPIRED_PATH;
  if (order.stage === 'cancelled') return cancelledPath(order.timeline);
  if (order.timeline.some((e) => e.status === 'accepted')) return partnerPath(order.timeline);
  return DELIVERY_PATH;
}

/** Where a paid order stands on its road: a partner's acceptance is a step the stage does not name. */
function stepOf(order: Pick<OrderResponse, 'stage' | 'timeline'>): Step | 'awaiting_payment' {
  if (order.stage === 'paid' && order.timeline.some((e) => e.status === 'accepted')) return 'accepted';
  return order.stage;
}

const LABELS: Record<Step, string> = { placed: 'Placed', accepted: 'Accepted', ...ORDER_STAGE_LABELS };
/** The note a missed slot leaves under the step the order had reached. */
const LATE_LABEL = 'Missed its delivery slot';

/** Said to screen readers after each label; the current step has aria-current instead. */
const STATE_WORDS: Record<Exclude<StepState, 'current'>, string> = { done: ', done', ahead: ', not yet' };

/**
 * The step of `path` an order had reached at a moment: the last one whose event came at or before
 * it (a skipped step has no event and is passed over).
 */
function stepAt(path: readonly Step[], timeline: readonly TimelineEvent[], at: string): Step {
  const reached = path.filter((step) => timeline.some((e) => e.status === step && e.at <= at));
  return reached.at(-1) ?? 'placed';
}

/**
 * Where an order is, step by step, with the time (IST) of each step reached and, for admins, who
 * made the move. An admin may skip a step (delivered straight from paid): it shows as done, without
 * a time. Failed payment attempts are notes under Placed, not steps: the order stayed where it was;
 * a paid order has none.
 * A refund of money the store could not use (the order had expired, or was already paid) is a note
 * too, under the step the order had reached when it was refunded; so is the refund of a cancelled
 * order, under Cancelled.
 */
export function OrderTimeline({ order }: { order: Pick<OrderResponse, 'stage' | 'timeline'> }) {
  const path = pathOf(order);
  const stage = stepOf(order);
  const current = stage === 'awaiting_payment' ? 0 : path.indexOf(stage);
  // A failed attempt explains an order still waiting for its money, or one that expired; once the
  // order is paid, by a later attempt, it is a worry the shopper no longer has.
  const unpaid = order.stage === 'awaiting_payment' || order.stage === 'expired';
  const failures = unpaid ? order.timeline.filter((e) => e.status === 'payment_failed') : [];
  const refunds = order.timeline
    .filter((e) => e.status === 'refunded')
    .map((refund) => ({ refund, under: stepAt(path, order.timeline, refund.at) }));
  // A missed slot is a note too, under where the order was when the slot ran out (or Delivered, if late).
  const lateNotes = order.timeline
    .filter((e) => e.status === 'late')
    .map((late) => ({ late, under: stepAt(path, order.timeline, late.at) }));
  return (
    <section aria-labelledby="order-status-heading" className="mt-6 rounded-xl border border-neutral-200 p-4 md:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="order-status-heading" className="text-lg font-semibold text-neutral-900">
          Order status
        </h2>
        {/* The store keeps India's clock; said so for whoever reads this page elsewhere. */}
        <p className="text-xs text-neutral-600">Times in IST</p>
      </div>
      <ol aria-labelledby="order-status-heading" className="mt-4 flex flex-col md:flex-row">
        {path.map((step, n) => {
          const state: StepState = n < current ? 'done' : n === current ? 'current' : 'ahead';
          const event = state === 'ahead' ? undefined : order.timeline.find((e) => e.status === step);
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className="relative flex gap-3 pb-5 last:pb-0 md:flex-1 md:flex-col md:items-center md:gap-2 md:pb-0 md:text-center"
            >
              {n < path.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-7 bottom-1 left-[11px] w-0.5',
                    'md:top-3 md:right-[calc(-50%+1rem)] md:bottom-auto md:left-[calc(50%+1rem)] md:h-0.5 md:w-auto',
                    n < current ? 'bg-brand-600' : 'bg-neutral-200',
                  )}
                />
              ) : null}
              <Marker step={step} state={state} />
              <div className="min-w-0 text-sm md:px-2">
                <p
                  className={cn(
                    state === 'current' && 'font-semibold text-neutral-900',
                    state === 'done' && 'font-medium text-neutral-800',
                    state === 'ahead' && 'text-neutral-500',
                  )}
                >
                  {/* Not placed until paid: an unpaid order's first step must not read like a finished one. */}
                  {step === 'placed' && order.stage === 'awaiting_payment'
                    ? ORDER_STAGE_LABELS.awaiting_payment
                    : LABELS[step]}
                  {state === 'current' ? null : <span className="sr-only">{STATE_WORDS[state]}</span>}
                </p>
                {event ? <EventDetails event={event} /> : null}
                {step === 'placed'
                  ? failures.map((failure) => (
                      <p key={failure.at} className="mt-1 text-xs text-red-700">
                        A payment attempt failed at <time dateTime={failure.at}>{formatDateTime(failure.at)}</time>
                      </p>
                    ))
                  : null}
                {refunds
                  .filter(({ under }) => under === step)
                  .map(({ refund }) => (
                    <p key={refund.at} className="mt-1 text-xs text-leaf-600">
                      Refunded at <time dateTime={refund.at}>{formatDateTime(refund.at)}</time>
                      {step === 'cancelled' ? null : ': a payment this order could not use'}
                    </p>
                  ))}
                {lateNotes
                  .filter(({ under }) => under === step)
                  .map(({ late }) => (
                    <p key={late.at} className="mt-1 text-xs text-amber-800">
                      {LATE_LABEL} at <time dateTime={late.at}>{formatDateTime(late.at)}</time>
                    </p>
                  ))}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function EventDetails({ event }: { event: TimelineEvent }) {
  return (
    <>
      <p className="text-xs text-neutral-700 tabular-nums">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
      </p>
      {event.by ? <p className="text-xs text-neutral-600">by {event.by}</p> : null}
    </>
  );
}

/** A tick for each step reached, a cross for an expiry or a cancellation, an empty ring for a step ahead. */
function Marker({ step, state }: { step: Step; state: StepState }) {
  if (state === 'ahead') {
    return <span aria-hidden="true" className="size-6 shrink-0 rounded-full border-2 border-neutral-300 bg-white" />;
  }
  const stopped = step === 'expired' || step === 'cancelled';
  const Icon = stopped ? X : Check;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-6 shrink-0 items-center justify-center rounded-full text-white',
        stopped ? 'bg-neutral-500' : 'bg-brand-600',
        state === 'current' && (stopped ? 'ring-4 ring-neutral-200' : 'ring-4 ring-brand-100'),
      )}
    >
      <Icon className="size-3.5" strokeWidth={3} />
    </span>
  );
}
