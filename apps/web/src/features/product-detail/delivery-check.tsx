import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Clock, Loader2, MapPin, XCircle } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { FULFILMENT_LABELS, formatTimeLeft, PINCODE_LENGTH } from '@store/domain';
import { dayName, todayIst } from '../../lib/delivery.js';
import { cannotDeliverTo } from '../../components/order/delivery-reach.js';
import { PINCODE_PARAM, type PincodeCheckApi } from './use-pincode-check.js';

/** How often the same-day countdown moves on: it shows minutes, so twice a minute is plenty. */
export const COUNTDOWN_TICK_MS = 30_000;

const NOT_AVAILABLE_MESSAGE = 'Delivery not available in this area yet';

/** The 'Check delivery' box of the product page: a six-digit PIN code and its answer. */
export function DeliveryCheck({ check }: { check: PincodeCheckApi }) {
  const inputId = useId();
  const statusId = useId();
  const { state } = check;

  function submit(e: FormEvent) {
    e.preventDefault();
    check.check();
  }

  return (
    <form onSubmit={submit} className="rounded-lg border border-neutral-200 bg-neutral-50 p-4" noValidate>
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-semibold text-neutral-900">
        <MapPin className="h-4 w-4 text-brand-600" aria-hidden="true" />
        Check delivery
      </label>
      <div className="mt-2 flex gap-2">
        <Input
          id={inputId}
          name={PINCODE_PARAM}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={PINCODE_LENGTH}
          placeholder="Enter 6-digit PIN code"
          value={check.value}
          aria-describedby={statusId}
          onChange={(e) => check.setValue(e.target.value)}
          className="max-w-56 tracking-wider"
        />
        <Button type="submit" variant="dark" disabled={state.status === 'loading'}>
          Check
        </Button>
      </div>
      {/* Two lines kept free, so the answer arriving does not push the buy buttons down. */}
      <div id={statusId} role="status" className="mt-2 min-h-10 text-sm">
        <DeliveryResult check={check} />
      </div>
      {/* Outside the live region: a countdown read out every half minute would drown everything else. */}
      {state.status === 'success' && check.earliest?.sameDayDeadline ? (
        <SameDayCountdown
          key={check.earliest.sameDayDeadline}
          deadline={check.earliest.sameDayDeadline}
          onPassed={check.refreshEarliest}
        />
      ) : null}
    </form>
  );
}

/**
 * 'Order within 2 h 13 min for delivery today', moving on every half minute (and exactly at the
 * deadline). Once the deadline passes it goes, and the slots are asked again: the earliest date
 * has moved.
 */
export function SameDayCountdown({ deadline, onPassed }: { deadline: string; onPassed(): void }) {
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  const passed = !(left > 0);
  const passedRef = useRef(onPassed);
  useEffect(() => {
    passedRef.current = onPassed;
  });

  useEffect(() => {
    if (passed) {
      passedRef.current();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(COUNTDOWN_TICK_MS, left));
    return () => clearTimeout(timer);
  }, [passed, left]);

  if (passed) return null;
  return (
    <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      Order within {formatTimeLeft(left)} for delivery today
    </p>
  );
}

function DeliveryResult({ check: { state, earliest, forPincode } }: { check: PincodeCheckApi }) {
  switch (state.status) {
    case 'idle':
      return <span className="text-neutral-600">Enter your PIN code to check delivery before adding to cart.</span>;
    case 'loading':
      return (
        <span className="inline-flex items-center gap-1.5 text-neutral-700">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          Checking {state.pincode}…
        </span>
      );
    case 'error':
      return (
        <span className="inline-flex items-center gap-1.5 font-medium text-red-700">
          <XCircle className="h-4 w-4" aria-hidden="true" />
          {state.message}
        </span>
      );
    case 'success': {
      const { detail } = state;
      if (!detail.deliveryAvailable) {
        return (
          <span className="inline-flex items-center gap-1.5 font-medium text-red-700">
            <XCircle className="h-4 w-4" aria-hidden="true" />
            {NOT_AVAILABLE_MESSAGE}
          </span>
        );
      }
      const reach = forPincode?.delivery;
      if (reach && !reach.deliverable) {
        return (
          <span className="flex flex-col gap-0.5">
            <span className="inline-flex items-center gap-1.5 font-medium text-red-700">
              <XCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
              {cannotDeliverTo(reach.pincode)}
            </span>
            {reach.reason ? <span className="text-neutral-700">{reach.reason}</span> : null}
          </span>
        );
      }
      const today = todayIst();
      return (
        <span className="flex flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="inline-flex items-center gap-1.5 font-semibold text-leaf-600">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              Available
            </span>
            {earliest?.date === today && (
              <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">
                Same-day delivery available
              </span>
            )}
          </span>
          <span className="text-neutral-700">
            <span>
              Delivering to {detail.district}, {detail.state}
            </span>
            {reach ? ` · ${FULFILMENT_LABELS[reach.kind]}` : null}
          </span>
          {earliest ? (
            <span className="font-medium text-neutral-900">Earliest delivery: {dayName(earliest.date, today)}</span>
          ) : null}
        </span>
      );
    }
  }
}
