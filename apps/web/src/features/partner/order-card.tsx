import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle, Phone, Truck, X } from 'lucide-react';
import { toast } from 'sonner';
import type { PartnerOrder, PartnerOrderList } from '@store/contracts';
import { formatTimeLeft, landmarkLine, STORE_TIME_ZONE } from '@store/domain';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { dateFormatter } from '../../lib/date-formatter.js';
import { showPhone } from '../../lib/format.js';
import { DeliveredForm } from './delivered-form.js';
import { MessageCard } from './message-card.js';
import { acceptOrder, declineOrder, markDelivered, partnerOrdersKey, sendOut } from './partner-api.js';

// A decline is rare: the dialog (and Radix's, under it) loads with the first one, not with the list.
const DeclineDialog = lazy(() => import('./decline-dialog.js').then((m) => ({ default: m.DeclineDialog })));

const STATES: Record<PartnerOrder['state'], { label: string; classes: string }> = {
  offered: { label: 'New offer', classes: 'bg-amber-100 text-amber-900' },
  accepted: { label: 'Accepted', classes: 'bg-sky-100 text-sky-900' },
  out_for_delivery: { label: 'Out for delivery', classes: 'bg-brand-100 text-brand-900' },
  delivered: { label: 'Delivered', classes: 'bg-green-100 text-green-900' },
};

const clock = dateFormatter({ hour: 'numeric', minute: '2-digit', timeZone: STORE_TIME_ZONE });
/** '3:45 pm', in IST: the partner works to the store's clock. */
const timeOf = (iso: string) => clock().format(new Date(iso));

/** What is in flight on a card. */
type Busy = 'accept' | 'decline' | 'out' | 'deliver' | null;

/** Time left to accept an offer, ticking each second; asks for the list again once the offer lapses. */
function OfferClock({ expiresAt, onLapse }: { expiresAt: string; onLapse: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const ms = Date.parse(expiresAt) - now;
  const lapse = useRef(onLapse);
  lapse.current = onLapse;
  useEffect(() => {
    if (ms <= 0) {
      lapse.current();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, ms));
    return () => clearTimeout(timer);
  }, [ms]);
  return (
    <p className="text-sm font-medium text-amber-900">
      {ms > 0 ? (
        <>
          Accept within{' '}
          <span role="timer" aria-live="off" className="tabular-nums">
            {formatTimeLeft(ms)}
          </span>
          , or it goes to another partner.
        </>
      ) : (
        'The time to accept has passed.'
      )}
    </p>
  );
}

/**
 * One order as a partner works on it: what to make, where it goes and to whom (a tap calls them),
 * the message card to print, and the next move for its state. A refusal of the server's (an offer
 * that lapsed meanwhile, going out before the delivery date) is said on the card.
 */
export function OrderCard({ order }: { order: PartnerOrder }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const { recipient } = order;
  const headingId = `order-${order._id}`;

  const refresh = () => queryClient.invalidateQueries({ queryKey: partnerOrdersKey });

  /** The server's newer order replaces the one on screen. */
  function show(next: PartnerOrder) {
    queryClient.setQueryData<PartnerOrderList>(partnerOrdersKey, (list) =>
      list ? { ...list, orders: list.orders.map((o) => (o._id === next._id ? next : o)) } : list,
    );
  }

  /** Runs a move; answers the server's refusal in words, or null once it went through. */
  async function run(kind: Exclude<Busy, null>, move: () => Promise<void>): Promise<string | null> {
    setBusy(kind);
    setProblem(null);
    try {
      await move();
      return null;
    } catch (err) {
      // A refusal usually means the order changed meanwhile (lapsed, cancelled): show it as it is now.
      void refresh();
      return errorMessage(err);
    } finally {
      setBusy(null);
    }
  }

  async function accept() {
    const refusal = await run('accept', async () => {
      show(await acceptOrder(order._id));
      toast.success(`Order ${order.orderNumber} is yours. Thank you!`);
    });
    setProblem(refusal);
  }

  async function goOut() {
    const refusal = await run('out', async () => {
      show(await sendOut(order._id));
      toast.success(`Order ${order.orderNumber} is out for delivery. We have told the buyer.`);
    });
    setProblem(refusal);
  }

  /** The order leaves this list: it goes to the next partner. */
  const decline = (reason: string) =>
    run('decline', async () => {
      const { message } = await declineOrder(order._id, reason);
      setDeclining(false);
      toast.success(message);
      await refresh();
    });

  const deliver = (proof: { photo: string; receivedBy: string }) =>
    run('deliver', async () => {
      show(await markDelivered(order._id, proof));
      setDelivering(false);
      toast.success(`Order ${order.orderNumber} is delivered. Thank you!`);
    });

  const state = STATES[order.state];
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-white p-4 shadow-sm',
        order.state === 'offered' ? 'border-amber-300' : 'border-neutral-200',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold wrap-anywhere text-neutral-900">
            {order.orderNumber}
          </h3>
          <p className="text-sm text-neutral-700">{order.delivery.slot}</p>
        </div>
        <span className={cn('rounded-full px-2.5 py-1 text-xs font-semibold', state.classes)}>{state.label}</span>
      </header>

      {order.state === 'offered' && order.offerExpiresAt ? (
        <OfferClock expiresAt={order.offerExpiresAt} onLapse={() => void refresh()} />
      ) : null}

      <section aria-label="What to make" className="flex flex-col gap-1.5">
        <h4 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">To make</h4>
        <ul className="flex flex-col gap-2">
          {order.items.map((item, n) => (
            <li key={n} className="text-neutral-900">
              <p className="font-medium">
                <span className="tabular-nums">{item.qty} ×</span> {item.name}
                {item.variant ? <span className="font-normal text-neutral-700"> · {item.variant}</span> : null}
              </p>
              {item.options.length ? (
                <ul aria-label="Options" className="mt-0.5 flex flex-col gap-0.5 text-sm text-neutral-800">
                  {item.options.map((option) => (
                    <li key={option} className="wrap-anywhere">
                      {option}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Deliver to" className="flex flex-col gap-1.5">
        <h4 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">Deliver to</h4>
        <address className="text-sm leading-relaxed wrap-anywhere text-neutral-900 not-italic">
          <span className="block font-semibold">{recipient.name}</span>
          {[recipient.address, recipient.address2, landmarkLine(recipient.landmark)]
            .filter((line) => line.trim())
            .map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          <span className="block">
            {recipient.city} {recipient.postalCode}
          </span>
        </address>
        <a
          href={`tel:${recipient.phone}`}
          className="inline-flex min-h-11 w-fit items-center gap-2 rounded-md border border-neutral-300 px-3 text-sm font-medium text-brand-700 hover:bg-neutral-50"
        >
          <Phone className="size-4" aria-hidden="true" />
          Call {recipient.name.split(/\s+/)[0]}: {showPhone(recipient.phone)}
        </a>
      </section>

      {order.giftMessage ? (
        <section aria-label="Message card" className="flex flex-col gap-1.5">
          <h4 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">Message card</h4>
          <MessageCard giftMessage={order.giftMessage} orderNumber={order.orderNumber} />
        </section>
      ) : null}

      <Progress order={order} />

      {problem ? <Alert>{problem}</Alert> : null}

      {order.state === 'offered' ? (
        <div className="grid grid-cols-2 gap-2">
          <Button size="lg" disabled={busy !== null} onClick={() => void accept()}>
            {busy === 'accept' ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <CircleCheck className="size-4" aria-hidden="true" />
            )}
            Accept
          </Button>
          <Button variant="outline" size="lg" disabled={busy !== null} onClick={() => setDeclining(true)}>
            <X className="size-4" aria-hidden="true" />
            Decline
          </Button>
        </div>
      ) : null}
      {order.state === 'accepted' ? (
        <Button size="lg" disabled={busy !== null} onClick={() => void goOut()}>
          {busy === 'out' ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Truck className="size-4" aria-hidden="true" />
          )}
          Out for delivery
        </Button>
      ) : null}
      {order.state === 'out_for_delivery' && !delivering ? (
        <Button size="lg" disabled={busy !== null} onClick={() => setDelivering(true)}>
          <CircleCheck className="size-4" aria-hidden="true" />
          Delivered
        </Button>
      ) : null}
      {order.state === 'out_for_delivery' && delivering ? (
        <DeliveredForm
          orderNumber={order.orderNumber}
          pending={busy === 'deliver'}
          onDeliver={deliver}
          onCancel={() => setDelivering(false)}
        />
      ) : null}
      {declining ? (
        <Suspense fallback={null}>
          <DeclineDialog
            orderNumber={order.orderNumber}
            pending={busy === 'decline'}
            onDecline={decline}
            onClose={() => setDeclining(false)}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/** When the order was accepted, sent out and delivered; once delivered, the photo and who took it. */
function Progress({ order }: { order: PartnerOrder }) {
  const steps: [string, string | null][] = [
    ['Accepted', order.acceptedAt],
    ['Out for delivery', order.outForDeliveryAt],
    ['Delivered', order.deliveredAt],
  ];
  const reached = steps.filter((step): step is [string, string] => step[1] !== null);
  if (reached.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 border-t border-neutral-200 pt-3">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-700">
        {reached.map(([label, at]) => (
          <li key={label}>
            {label} at{' '}
            <time dateTime={at} className="tabular-nums">
              {timeOf(at)}
            </time>
          </li>
        ))}
      </ul>
      {order.state === 'delivered' && order.photo ? (
        <figure className="flex items-center gap-3">
          <a href={order.photo} target="_blank" rel="noreferrer" className="shrink-0">
            <img
              src={order.photo}
              alt={`The gift delivered to ${order.recipient.name}`}
              className="size-20 rounded-md border border-neutral-200 object-cover"
            />
          </a>
          {order.receivedBy ? (
            <figcaption className="text-sm wrap-anywhere text-neutral-900">Received by {order.receivedBy}</figcaption>
          ) : null}
        </figure>
      ) : null}
    </div>
  );
}
