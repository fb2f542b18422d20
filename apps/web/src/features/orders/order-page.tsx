import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, CircleCheck, FileDown, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { OrderResponse } from '@store/contracts';
import {
  cancellationProblem,
  DELIVERY_STEP_ACTIONS,
  deliveryStepOpensAt,
  deliveryStepProblem,
  nextDeliveryStep,
  ORDER_STAGE_LABELS,
  paiseToRupees,
  paymentFailureSentence,
  rupeesToPaise,
  unitPrice,
  type DeliveryStep,
} from '@store/domain';
import {
  cancelOrder,
  creditNoteUrl,
  invoiceUrl,
  markDelivered,
  moveOrder,
  myOrdersKey,
  orderKey,
  useOrder,
  verifyPayment,
  type CheckoutPayment,
} from '../../api/orders.js';
import { clientConfigQuery } from '../../api/users.js';
import { GiftCard } from '../../components/order/gift-card.js';
import { Alert } from '../../components/ui/alert.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { LazyConfirmDialog as ConfirmDialog } from '../../components/ui/lazy-confirm-dialog.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { ApiError, errorMessage } from '../../lib/api.js';
import { SITE_NAME, usePageTitle } from '../../lib/page-title.js';
import { useUserInfo } from '../../stores/user-store.js';
import { formatDelivery, formatDeliveryDate, slotName } from '../../lib/delivery.js';
import { cn } from '../../lib/cn.js';
import { formatAddress, formatDateTime, inr, showPhone } from '../../lib/format.js';
import { Facts, OrderItems, OrderSection, SummaryCard } from '../../components/order/order-parts.js';
import type { CheckoutOptions, PaymentFailure } from './payments/types.js';
import { OrderTimeline } from './order-timeline.js';
import { CancelOrder } from './cancel-order.js';

// Only a guest's paid order shows it: the password policy stays off every other order's first page.
const GuestAccount = lazy(() => import('./guest-account.js').then((m) => ({ default: m.GuestAccount })));

/** The brand rose (--color-brand-600), for checkout's accents. */
const BRAND_COLOR = '#c2134d';
const VERIFICATION_FAILED = 'Payment Verification Failed!';

/** What is in flight: opening checkout, verifying a payment, an admin's move to a delivery step or cancellation. */
type Busy = 'opening' | 'verifying' | DeliveryStep | 'cancelling' | null;

/** What became of a cancelled order's refund, in the words its toast uses. */
function refundOutcome({ amount, status, error }: NonNullable<OrderResponse['cancellation']>['refund']): string {
  if (status === 'refunded') return `${inr(amount)} refunded to the customer`;
  if (status === 'refund_due') return `the refund did not go through${error ? `: ${error}` : ''}`;
  return `the refund of ${inr(amount)} is under way`;
}

/**
 * /order/:id (signed-in): an order as the server has it — its progress, address, payment and
 * delivery state, lines and the server's totals. Its owner pays here while it awaits payment; an
 * admin moves a paid order towards delivery, or cancels it before it goes out.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  usePageTitle('Order Details', 'An order at Phoolwala Gifts: its items, payment and delivery.');
  const user = useUserInfo();
  // A guest's order is opened by its link's token, kept in the address so a reload still works.
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = useOrder(id, token);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [moveProblem, setMoveProblem] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // Sent here by Confirm Order: the gateway opens at once, once, and not again on a reload.
  const payOnArrival = useRef((location.state as { pay?: unknown } | null)?.pay === true);
  const payNowRef = useRef<() => void>(() => undefined);
  const ownedHere = !!query.data && ((!!user && query.data.user._id === user._id) || !!token);
  const payable = query.data?.status === 'awaiting_payment' && ownedHere;
  useEffect(() => {
    if (!payOnArrival.current || !query.data) return;
    payOnArrival.current = false;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (payable) payNowRef.current();
  }, [query.data, payable, navigate, location.pathname, location.search]);

  if (query.isPending) return <OrderSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
        <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">Order</h1>
        {notFound ? (
          <Alert className="mt-6">Order not found</Alert>
        ) : (
          <LoadError what="this order" load={query} className="mt-6" />
        )}
      </div>
    );
  }
  const order = query.data;
  const isOwner = ownedHere;
  const awaitingPayment = order.status === 'awaiting_payment';
  const expired = order.status === 'expired';
  const { cancellation } = order;

  /** Asks the server where the order is now: the gateway's webhook may have settled it. */
  function refresh() {
    return queryClient.invalidateQueries({ queryKey: orderKey(order._id) });
  }

  /** The server's newer order replaces the one on screen; lists of orders are asked again. */
  function show(next: OrderResponse) {
    queryClient.setQueryData(orderKey(next._id), next);
    void queryClient.invalidateQueries({ queryKey: myOrdersKey });
  }

  async function verify(payment: CheckoutPayment) {
    setBusy('verifying');
    try {
      show(await verifyPayment(order._id, user?._id ?? null, payment, token));
      setFailure(null);
      toast.success('Payment Successful!');
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      toast.error(status === 400 ? VERIFICATION_FAILED : errorMessage(err));
      // The gateway's webhook may have settled it meanwhile; show what the server has now.
      void queryClient.invalidateQueries({ queryKey: orderKey(order._id) });
    } finally {
      setBusy(null);
    }
  }

  function failed(error: PaymentFailure) {
    setFailure(error);
    toast.error(error.description);
  }

  async function payNow() {
    if (busy) return;
    const secondsLeft = Math.floor((Date.parse(order.payBy) - Date.now()) / 1000);
    if (secondsLeft < 1) {
      toast.error('The time to pay for this order has passed');
      void queryClient.invalidateQueries({ queryKey: orderKey(order._id) });
      return;
    }
    setBusy('opening');
    setFailure(null);
    try {
      const config = await queryClient.fetchQuery(clientConfigQuery);
      const { openCheckout } = await import('./payments/checkout.js');
      const options: CheckoutOptions = {
        key: config.payments.keyId,
        amount: order.razorpayOrder.amount,
        currency: 'INR',
        order_id: order.razorpayOrder.id,
        name: SITE_NAME,
        description: `Order ${order.orderNumber}`,
        // The buyer's own contact: the gateway's texts and receipts must not reach the recipient.
        prefill: { name: order.user.name, email: order.contact.email, contact: order.contact.phone ?? '' },
        notes: { orderId: order._id },
        theme: { color: BRAND_COLOR },
        timeout: secondsLeft,
        handler: (payment) => void verify(payment),
        // Closed without a verified payment: the gateway's webhook may still settle it, so ask again.
        modal: { ondismiss: () => void queryClient.invalidateQueries({ queryKey: orderKey(order._id) }) },
      };
      await openCheckout(config.payments.provider, options, failed);
    } catch (err) {
      console.error('Error loading Razorpay', err);
      toast.error(`Error loading Razorpay: ${errorMessage(err)}`);
    } finally {
      setBusy((b) => (b === 'opening' ? null : b));
    }
  }

  payNowRef.current = () => void payNow();

  async function move(step: DeliveryStep) {
    if (busy) return;
    setBusy(step);
    setMoveProblem(null);
    try {
      // Delivered keeps the spec's own call; the newer steps have only the status one.
      show(await (step === 'delivered' ? markDelivered(order._id) : moveOrder(order._id, step)));
      toast.success(`Order marked as ${ORDER_STAGE_LABELS[step].toLowerCase()}`);
    } catch (err) {
      setMoveProblem(errorMessage(err));
      toast.error(errorMessage(err));
      // A refusal usually means someone else moved it meanwhile: show where it is now.
      void queryClient.invalidateQueries({ queryKey: orderKey(order._id) });
    } finally {
      setBusy(null);
    }
  }

  async function cancel(reason: string): Promise<string | null> {
    setBusy('cancelling');
    try {
      const next = await cancelOrder(order._id, reason);
      show(next);
      const refund = next.cancellation?.refund;
      const told = `Order ${next.orderNumber} cancelled${refund ? `; ${refundOutcome(refund)}` : ''}`;
      if (refund?.status === 'refund_due') toast.error(told);
      else toast.success(told);
      return null;
    } catch (err) {
      // Cancelled or sent out meanwhile, most likely: show the order as it is now.
      void queryClient.invalidateQueries({ queryKey: orderKey(order._id) });
      return errorMessage(err);
    } finally {
      setBusy(null);
    }
  }

  const a = order.shippingAddress;
  const recipient = `${a.firstName} ${a.lastName}`.trim();
  const shippingRows: [string, ReactNode][] = [
    ['Name', recipient],
    ...(order.user.name && order.user.name !== recipient ? [['Ordered by', order.user.name] as [string, string]] : []),
    [
      'Email',
      <a key="email" href={`mailto:${order.user.email}`} className="text-brand-700 hover:underline">
        {order.user.email}
      </a>,
    ],
    ['Address', formatAddress(a)],
    ['Phone', showPhone(a.phone)],
    // Orders placed before delivery slots existed have none.
    ...(order.delivery ? [['Delivery', formatDelivery(order.delivery)] as [string, string]] : []),
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold wrap-anywhere text-neutral-900 md:text-3xl">Order {order.orderNumber}</h1>
      <p className="mt-1.5 text-sm text-neutral-600">
        {awaitingPayment ? (
          <>
            <span className="font-semibold text-amber-800">Awaiting payment</span> · started{' '}
            {formatDateTime(order.createdAt)}
          </>
        ) : (
          <>Placed on {formatDateTime(order.createdAt)}</>
        )}
      </p>
      {awaitingPayment && isOwner ? (
        <CompletePayment order={order} busy={busy} onPay={() => void payNow()} onTimeUp={() => void refresh()} />
      ) : null}
      {/* The id the API, links and the gateway's records use, for whoever needs to look it up. */}
      <p className="mt-0.5 text-xs wrap-anywhere text-neutral-500">
        Reference <span className="font-mono">{order._id}</span>
      </p>

      <div className="mt-4 flex flex-col gap-3 empty:hidden">
        {isOwner && order.isPaid && !order.isDelivered ? <PaidGreeting order={order} /> : null}
        {token && !user && order.user._id === null && order.isPaid ? (
          <Suspense fallback={null}>
            <GuestAccount order={order} token={token} onMade={() => void refresh()} />
          </Suspense>
        ) : null}
        {expired ? (
          <Alert tone="warning" role="status">
            This order expired unpaid; its items were released. Please place it again.
          </Alert>
        ) : null}
        {cancellation ? <CancelledNotice cancellation={cancellation} forAdmin={!!user?.isAdmin} /> : null}
        {order.fulfilment.late ? <LateNote compensation={order.fulfilment.compensation} /> : null}
        {/* Once paid (the gateway's webhook may settle a payment this page heard fail), an attempt's failure is old news. */}
        {failure && awaitingPayment ? (
          <FailureAlert failure={failure} busy={busy !== null} onRetry={() => void payNow()} />
        ) : null}
      </div>

      <OrderTimeline order={order} />

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <OrderSection title="Shipping">
            <Facts rows={shippingRows} />
            {order.isDelivered && order.deliveredAt ? (
              <Alert tone="success" role="status">
                Delivered on {formatDateTime(order.deliveredAt)}
              </Alert>
            ) : (
              // Not delivered yet is where every live order is, no alarm; an expired or cancelled one never will be.
              <Alert role="status" tone={expired || cancellation ? 'danger' : 'neutral'}>
                Not Delivered
              </Alert>
            )}
            <DeliveryProof fulfilment={order.fulfilment} />
          </OrderSection>
          {order.giftMessage ? (
            <OrderSection title="Message card">
              <GiftCard
                message={order.giftMessage.message}
                senderName={order.giftMessage.senderName}
                className="max-w-md"
              />
            </OrderSection>
          ) : null}
          <OrderSection title="Payment Method">
            <Facts
              rows={[
                ['Method', order.paymentMethod],
                ...(order.buyerGstin ? [['GSTIN', order.buyerGstin] as [string, string]] : []),
                // The business as its tax invoice bills it; the address keeps the lines it was typed in.
                ...(order.buyerName && order.buyerAddress
                  ? [
                      [
                        'Billed to',
                        <span key="billed" className="whitespace-pre-line">
                          {`${order.buyerName}\n${order.buyerAddress}`}
                        </span>,
                      ] as [string, ReactNode],
                    ]
                  : []),
              ]}
            />
            {order.isPaid && order.paidAt ? (
              <Alert tone="success" role="status">
                Paid on {formatDateTime(order.paidAt)}
              </Alert>
            ) : cancellation && order.paidAt ? (
              <Alert tone="neutral" role="status">
                Paid on {formatDateTime(order.paidAt)};{' '}
                {cancellation.refund.status === 'refunded' && cancellation.refund.refundedAt
                  ? `refunded on ${formatDateTime(cancellation.refund.refundedAt)}`
                  : 'refund under way'}
              </Alert>
            ) : (
              <Alert role="status" tone={expired ? 'danger' : 'neutral'}>
                Not Paid
              </Alert>
            )}
          </OrderSection>
          <OrderSection title="Order Items">
            <OrderItems
              lines={order.orderItems.map((i, n) => ({
                key: `${n}-${i._id}-${i.variant?._id ?? ''}`,
                productId: i.product,
                name: i.name,
                variantName: i.variant?.name,
                options: i.options,
                image: i.optimizedImages.thumbnail || i.image,
                qty: i.qty,
                unitPrice: paiseToRupees(
                  unitPrice({
                    price: rupeesToPaise(i.price),
                    discountPrice: rupeesToPaise(i.discountPrice),
                    optionsPrice: rupeesToPaise(i.optionsPrice),
                  }),
                ),
              }))}
            />
          </OrderSection>
        </div>
        <SummaryCard totals={order} slotFee={order.delivery}>
          {order.invoice ? (
            <div className="flex flex-col gap-2 border-t border-neutral-200 pt-3 text-sm">
              <p>
                Tax invoice <span className="font-medium wrap-anywhere">{order.invoice.number}</span>
              </p>
              <a
                href={invoiceUrl(order._id, token)}
                download
                className={buttonClasses('outline', 'md')}
                aria-describedby={`invoice-${order._id}`}
              >
                <FileDown className="size-4" aria-hidden="true" />
                Download invoice
              </a>
              <span id={`invoice-${order._id}`} className="sr-only">
                PDF, tax invoice {order.invoice.number}
              </span>
            </div>
          ) : null}
          {order.creditNote ? (
            <div className="flex flex-col gap-2 text-sm">
              <p>
                Credit note <span className="font-medium wrap-anywhere">{order.creditNote.number}</span>
              </p>
              <a
                href={creditNoteUrl(order._id, token)}
                download
                className={buttonClasses('outline', 'md')}
                aria-describedby={`credit-note-${order._id}`}
              >
                <FileDown className="size-4" aria-hidden="true" />
                Download credit note
              </a>
              <span id={`credit-note-${order._id}`} className="sr-only">
                PDF, credit note {order.creditNote.number} against tax invoice {order.creditNote.invoiceNumber}
              </span>
            </div>
          ) : null}
          {awaitingPayment ? (
            <p className="text-xs text-neutral-700">
              Pay by {formatDateTime(order.payBy)}; unpaid orders are released after that.
            </p>
          ) : null}
          {user?.isAdmin ? <NextStep order={order} busy={busy} problem={moveProblem} onMove={move} /> : null}
          {user?.isAdmin ? (
            <CancelOrder
              allowed={cancellationProblem(order.stage) === null}
              orderNumber={order.orderNumber}
              amount={order.totalPrice}
              busy={busy !== null}
              pending={busy === 'cancelling'}
              onCancel={cancel}
            />
          ) : null}
        </SummaryCard>
      </div>
    </div>
  );
}

/** What each move does for the shopper, said before the admin confirms it. */
const STEP_CONSEQUENCES: Record<DeliveryStep, string> = {
  packed: 'The customer is emailed that it is packed.',
  out_for_delivery: 'The customer is emailed that it is on its way.',
  delivered: 'The customer is emailed that it was delivered.',
};

/**
 * Now, and again when a step the booked delivery holds back opens (if the page is still open
 * then), so its button is enabled without a reload.
 */
function useNowUntil(opens: Date | null): Date {
  const [now, setNow] = useState(() => new Date());
  const at = opens?.getTime() ?? null;
  useEffect(() => {
    if (at === null) return;
    const wait = at - Date.now();
    // setTimeout waits at most about 24.8 days; a step that far off opens on a later visit.
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(new Date()), wait);
    return () => clearTimeout(timer);
  }, [at]);
  return now;
}

/**
 * The admin's one next move (steps go in order, none skipped: ADR 085), confirmed before it is
 * made. Before the booked delivery allows it, the button is off and says from when; the server
 * holds the same rule, and its refusal is said under the button.
 */
function NextStep({
  order,
  busy,
  problem,
  onMove,
}: {
  order: OrderResponse;
  busy: Busy;
  problem: string | null;
  onMove: (step: DeliveryStep) => Promise<void>;
}) {
  const [asking, setAsking] = useState<DeliveryStep | null>(null);
  const step = nextDeliveryStep(order.stage);
  const now = useNowUntil(step ? deliveryStepOpensAt(step, order.delivery) : null);
  const noteId = useId();
  if (!step && !problem) return null;
  const tooEarly = step ? deliveryStepProblem(order.stage, step, now, order.delivery) : null;

  async function confirm(next: DeliveryStep) {
    await onMove(next);
    setAsking(null);
  }

  return (
    <div className="flex flex-col gap-2">
      {step ? (
        <Button
          variant="dark"
          size="lg"
          className="w-full"
          disabled={busy !== null || tooEarly !== null}
          aria-describedby={tooEarly ? noteId : undefined}
          onClick={() => setAsking(step)}
        >
          {busy === step ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          {DELIVERY_STEP_ACTIONS[step]}
        </Button>
      ) : null}
      {tooEarly ? (
        <p id={noteId} className="text-sm text-neutral-700">
          {tooEarly}
        </p>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          title={`${DELIVERY_STEP_ACTIONS[asking]}?`}
          description={`Order ${order.orderNumber} will be marked as ${ORDER_STAGE_LABELS[asking].toLowerCase()}. ${STEP_CONSEQUENCES[asking]} This cannot be undone: an order never moves back.`}
          confirmLabel={DELIVERY_STEP_ACTIONS[asking]}
          pending={busy === asking}
          onConfirm={() => void confirm(asking)}
        />
      ) : null}
    </div>
  );
}

/**
 * Why and when the order was cancelled, and where its refund is: the shopper is told it is on its
 * way until it is made; an admin also sees who cancelled it, and a refund the gateway did not
 * make, with where to try again.
 */
function CancelledNotice({
  cancellation,
  forAdmin,
}: {
  cancellation: NonNullable<OrderResponse['cancellation']>;
  forAdmin: boolean;
}) {
  const { refund } = cancellation;
  const failed = forAdmin && refund.status === 'refund_due';
  return (
    <Alert tone="warning" role="status">
      <p className="font-semibold">
        This order was cancelled on {formatDateTime(cancellation.at)}
        {cancellation.by ? ` by ${cancellation.by}` : ''}.
      </p>
      <p className="mt-1 wrap-anywhere">Reason: {cancellation.reason}</p>
      {refund.status === 'refunded' && refund.refundedAt ? (
        <p className="mt-1">
          {inr(refund.amount)} was refunded on {formatDateTime(refund.refundedAt)}
          {refund.refundId ? (
            <>
              {' '}
              (reference <span className="font-mono wrap-anywhere">{refund.refundId}</span>)
            </>
          ) : null}
          . Banks take 5–7 working days to show it.
        </p>
      ) : failed ? (
        <p className="mt-1">
          The refund of {inr(refund.amount)} did not go through{refund.error ? `: ${refund.error}` : '.'} Try it again
          under Refunds on the{' '}
          <Link to="/admin/orderlist" className="font-medium underline underline-offset-2">
            Orders page
          </Link>
          .
        </p>
      ) : (
        <p className="mt-1">
          {inr(refund.amount)} is being refunded to the card, UPI app or bank account it was paid with.
          {forAdmin ? ' If it still says so in five minutes, try it again under Refunds on the Orders page.' : ''}
        </p>
      )}
    </Alert>
  );
}

/**
 * Who makes and brings the gift, once a partner kitchen or florist has taken it, and the proof
 * they sent from the door: the photo and who received it (issue 36).
 */
function DeliveryProof({ fulfilment }: { fulfilment: OrderResponse['fulfilment'] }) {
  const { partner, photo, receivedBy } = fulfilment;
  if (!partner && !photo) return null;
  return (
    <div className="flex flex-col gap-3 text-sm text-neutral-800">
      {photo ? (
        <figure className="flex flex-col gap-2">
          <a href={photo} target="_blank" rel="noreferrer" className="w-full max-w-sm">
            <img
              src={photo}
              alt="Your gift at the door"
              className="aspect-[4/3] w-full rounded-lg border border-neutral-200 object-cover"
            />
          </a>
          {receivedBy ? <figcaption className="wrap-anywhere">Received by {receivedBy}</figcaption> : null}
        </figure>
      ) : null}
      {partner ? <p className="wrap-anywhere">Made and delivered by {partner.name}</p> : null}
    </div>
  );
}

/**
 * A gift that missed its slot, said first and kindly, with what the store gave back without being
 * asked: the slot fee refunded, or (when none was paid) money off the next order.
 */
function LateNote({ compensation }: { compensation: OrderResponse['fulfilment']['compensation'] }) {
  return (
    <Alert tone="warning" role="status">
      <p className="font-semibold">Sorry — this gift missed its slot.</p>
      {compensation?.kind === 'refund' ? (
        <p className="mt-1">
          We have refunded the slot fee of {inr(compensation.amount)} to the card, UPI app or bank account it was paid
          with.
        </p>
      ) : compensation?.kind === 'coupon' ? (
        <p className="mt-1">
          Here is {inr(compensation.amount)} off your next order
          {compensation.couponCode ? (
            <>
              : code <span className="font-mono font-semibold wrap-anywhere">{compensation.couponCode}</span>
            </>
          ) : null}
          .
        </p>
      ) : null}
    </Alert>
  );
}

/**
 * The shopper's thanks once the order is paid, and what happens next, until it is delivered. It
 * follows from the order as the server has it, so it is there again after a reload.
 */
function PaidGreeting({ order }: { order: OrderResponse }) {
  const firstName = order.user.name.trim().split(/\s+/)[0];
  const a = order.shippingAddress;
  const recipient = `${a.firstName} ${a.lastName}`.trim();
  const when = order.delivery ? ` on ${formatDeliveryDate(order.delivery.date)} (${slotName(order.delivery)})` : '';
  return (
    <section
      aria-labelledby="paid-greeting"
      className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3.5 text-green-900"
    >
      <CircleCheck className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
      <div className="min-w-0">
        <h2 id="paid-greeting" className="text-lg font-semibold">
          Payment received. Thank you, {firstName}!
        </h2>
        <p className="mt-1 text-sm">
          We'll deliver your order to {recipient}
          {when}. We'll email you at each step.
        </p>
      </div>
    </section>
  );
}

/**
 * A failed attempt: first, in plain words, what happened and that no money was taken, with the way
 * to try again; the seven values of Razorpay's payment.failed event behind Details, for support.
 */
function FailureAlert({ failure, busy, onRetry }: { failure: PaymentFailure; busy: boolean; onRetry: () => void }) {
  const [open, setOpen] = useState(false);
  const rows: [string, string][] = [
    ['Code', failure.code],
    ['Description', failure.description],
    ['Source', failure.source],
    ['Step', failure.step],
    ['Reason', failure.reason],
    ['Order ID', failure.metadata.order_id],
    ['Payment ID', failure.metadata.payment_id],
  ];
  return (
    <Alert>
      <p className="font-semibold">{paymentFailureSentence(failure)}</p>
      <div className="mt-2.5 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button size="sm" disabled={busy} onClick={onRetry}>
          Try again
        </Button>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex items-center gap-1 rounded-sm font-medium underline underline-offset-2"
        >
          Details
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </div>
      {open ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd className="min-w-0 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Alert>
  );
}

/** Minutes and seconds until `deadline`, ticking each second; 0:00 once it has passed. */
function useTimeLeft(deadline: string, onTimeUp: () => void): string {
  const [now, setNow] = useState(() => Date.now());
  const ms = Math.max(0, Date.parse(deadline) - now);
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;
  useEffect(() => {
    if (ms === 0) {
      timeUp.current();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, ms));
    return () => clearTimeout(timer);
  }, [ms]);
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * What an unpaid order is for its owner, first on the page: it is not placed until it is paid,
 * with the time left to pay and the way to pay, so nobody leaves thinking it is done.
 */
function CompletePayment({
  order,
  busy,
  onPay,
  onTimeUp,
}: {
  order: OrderResponse;
  busy: Busy;
  onPay: () => void;
  onTimeUp: () => void;
}) {
  const left = useTimeLeft(order.payBy, onTimeUp);
  return (
    <section
      aria-labelledby="complete-payment"
      className="mt-4 flex flex-col gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="complete-payment" className="text-lg font-semibold text-neutral-900">
          Complete payment
        </h2>
        <p className="mt-0.5 text-sm text-neutral-800">
          {inr(order.totalPrice)} to pay. Your order is placed once it is paid.
        </p>
        <p className="mt-0.5 text-sm text-neutral-800">
          Time left to pay:{' '}
          <span role="timer" aria-live="off" className="font-semibold tabular-nums">
            {left}
          </span>
        </p>
      </div>
      <Button size="lg" className="shrink-0 sm:min-w-40" disabled={busy !== null} onClick={onPay}>
        {busy === 'opening' || busy === 'verifying' ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : null}
        {busy === 'verifying' ? 'Verifying payment…' : 'Pay Now'}
      </Button>
    </section>
  );
}

function OrderSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10" aria-busy="true">
      <span className="sr-only" role="status">
        Loading order…
      </span>
      <Skeleton className="h-9 w-3/4 max-w-xl" />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-32" />
          <Skeleton className="h-20" />
          <Skeleton className="h-40" />
        </div>
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}
