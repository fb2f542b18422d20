import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { findSlot, SLOT_REASONS } from '@store/domain';
import { isCouponRefusal } from '../../api/coupons.js';
import { deliverySlotsKey, deliverySlotsQuery } from '../../api/delivery.js';
import { createOrder, orderKey, orderPayload } from '../../api/orders.js';
import { refreshSavedAddresses } from '../../api/users.js';
import { GiftCard } from '../../components/order/gift-card.js';
import { CouponField, useCoupon } from '../../components/order/coupon-field.js';
import { Alert } from '../../components/ui/alert.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { ApiError, errorMessage } from '../../lib/api.js';
import { formatDelivery, todayIst } from '../../lib/delivery.js';
import { queryKeys } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/page-title.js';
import {
  cartActions,
  cartSummary,
  lineKey,
  lineUnitPrice,
  useCart,
  type CartDelivery,
} from '../../stores/cart-store.js';
import { useUserInfo } from '../../stores/user-store.js';
import { useGuestCheckout } from '../../stores/guest-store.js';
import { formatAddress, showPhone } from '../../lib/format.js';
import { Facts, OrderItems, OrderSection, SummaryCard } from '../../components/order/order-parts.js';
import { BusinessBuyerFields, useBusinessBuyer } from './business-buyer.js';
import { CheckoutSteps } from './checkout-steps.js';

/** The next slot with a place, as the server's 409 for a full slot names it. */
interface NextSlot {
  date: string;
  slotId: string;
  label: string;
}

/** The 409 of a full slot: its `details.nextSlot` (null when nothing is free soon). */
interface SlotFull {
  message: string;
  nextSlot: NextSlot | null;
}

function slotFullOf(err: unknown): SlotFull | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const details = err.details as { nextSlot?: unknown } | undefined;
  const hasNext = typeof details === 'object' && details !== null && 'nextSlot' in details;
  if (err.message !== SLOT_REASONS.full && !hasNext) return null;
  const next = hasNext ? (details.nextSlot as Partial<NextSlot> | null) : null;
  const valid =
    next && typeof next.date === 'string' && typeof next.slotId === 'string' && typeof next.label === 'string';
  return { message: err.message, nextSlot: valid ? (next as NextSlot) : null };
}

/**
 * The lines a refusal is about, by line key, each with what the server said of it: a line that
 * cannot reach the address is named `orderItems.N._id`, N its place in the order.
 */
function lineProblemsOf(err: unknown, keys: readonly string[]): Record<string, string> {
  const details = err instanceof ApiError && Array.isArray(err.details) ? (err.details as unknown[]) : [];
  return Object.fromEntries(
    details.flatMap((detail) => {
      const { field, message } = (detail ?? {}) as { field?: unknown; message?: unknown };
      const key = keys[Number(/^orderItems\.(\d+)\./.exec(String(field))?.[1])];
      return key !== undefined && typeof message === 'string' ? [[key, message]] : [];
    }),
  );
}

const nextSlotText = (next: NextSlot) =>
  formatDelivery({ date: next.date, type: findSlot(next.slotId)?.type ?? '', label: next.label });

/** A fresh Idempotency-Key; getRandomValues where randomUUID is missing (a page not served over https). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * /placeorder (signed-in): the address, the payment method, the lines and the totals as the cart
 * has them; Confirm Order places the order and opens it. The server prices the order again, and
 * the order page shows its figures.
 */
export function PlaceOrderPage() {
  usePageTitle('Confirm Order', 'Check your Phoolwala Gifts order before placing it.');
  const cart = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const savedGuest = useGuestCheckout();
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  // One key per cart: a retry of the same order (after a dropped connection, say) reuses it, so
  // the server answers with the order it may already have made; a changed cart gets a new key.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  /** The slot was full when the order was placed: what the server offered instead. */
  const [slotFull, setSlotFull] = useState<SlotFull | null>(null);
  const [switching, setSwitching] = useState(false);
  /** Lines the server refused when the order was placed, by line key, with its words for each. */
  const [lineProblems, setLineProblems] = useState<Record<string, string>>({});
  /** The order is placed and its page is on the way: the emptied cart must not send the shopper back to /shipping. */
  const placed = useRef(false);
  const coupon = useCoupon(cart);
  const business = useBusinessBuyer();

  if (placed.current) return null;
  const address = cart.shippingAddress;
  // A slot saved for a day that has since passed is no choice at all.
  const delivery = cart.delivery && cart.delivery.date >= todayIst() ? cart.delivery : null;
  // A cart kept from before checkout asked for the buyer's mobile goes back to give it, as does a
  // guest who has not said who they are.
  const guest = user ? null : savedGuest;
  if (!address || !delivery || !cart.contactPhone || (!user && !guest?.email)) {
    return <Navigate to="/shipping" replace />;
  }
  if (!cart.paymentMethod) return <Navigate to="/payment" replace />;
  const empty = cart.cartItems.length === 0;
  // The server's validate answers with the discount only; the summary spreads it over every line for
  // the GST (see cartFigures). The server prices, discounts and taxes the order again when it is placed.
  const totals = { ...cartSummary({ cartItems: cart.cartItems, delivery }, coupon.discount), couponCode: coupon.code };

  async function confirm() {
    if (sending.current || empty || !address || !delivery || coupon.checking) return;
    // A GSTIN (with the business's name and address) only goes when the shopper opened the box and
    // typed one; what the server would refuse is caught here.
    const checked = business.check();
    if (!checked.ok) return;
    const payload = orderPayload(cart, address, delivery, {
      couponCode: coupon.codeToSend,
      buyer: checked.buyer,
      guest,
    });
    const fingerprint = JSON.stringify([
      payload.orderItems.map((i) => [i._id, i.variant?._id ?? null, i.qty]),
      address,
      payload.contact ?? null,
      payload.delivery,
      payload.giftMessage ?? null,
      payload.paymentMethod,
      payload.couponCode ?? null,
      payload.buyerGstin ?? null,
      payload.buyerName ?? null,
      payload.buyerAddress ?? null,
    ]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    sending.current = true;
    setPending(true);
    setSlotFull(null);
    setLineProblems({});
    try {
      const order = await createOrder(payload, attempt.current.key);
      attempt.current = null;
      placed.current = true;
      cartActions.clearItems();
      // Stock changed, a slot has one place fewer, the shopper's order list has a new order, and
      // the address book the recipient.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      if (user) void refreshSavedAddresses(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
      void queryClient.invalidateQueries({ queryKey: deliverySlotsKey });
      queryClient.setQueryData(orderKey(order._id), order);
      // The order page opens the gateway at once: paying is the rest of this one step. A guest's
      // order is reached by its link, with the token that opens it.
      navigate(order.orderUrl ?? `/order/${order._id}`, { state: { pay: true } });
    } catch (err) {
      const full = slotFullOf(err);
      // Said under each line too, besides the toast: which lines stop the order.
      setLineProblems(lineProblemsOf(err, cart.cartItems.map(lineKey)));
      const tooLate = err instanceof ApiError && err.status === 409 && err.message === SLOT_REASONS.tooLate;
      if (full || tooLate) void queryClient.invalidateQueries({ queryKey: deliverySlotsKey });
      if (payload.couponCode && isCouponRefusal(err)) {
        // Said by the coupon field, where the shopper can remove it or try another.
        coupon.refusedAtOrder(err.message);
      } else if (business.refusedByServer(err)) {
        // Said under the business's fields.
      } else if (full) {
        setSlotFull(full);
        toast.error(full.message);
      } else if (tooLate) {
        // The slot's cut-off passed while the shopper was here: back to choosing one.
        toast.error(`${SLOT_REASONS.tooLate}. Please choose another delivery slot.`);
        navigate('/shipping');
      } else {
        toast.error(errorMessage(err));
      }
    } finally {
      sending.current = false;
      setPending(false);
    }
  }

  /** Takes the slot the server offered, once it is confirmed free; the shopper then places the order again. */
  async function takeNextSlot(next: NextSlot) {
    if (switching || !address) return;
    setSwitching(true);
    try {
      const answer = await queryClient.fetchQuery({
        ...deliverySlotsQuery({
          pincode: address.postalCode,
          productIds: cart.cartItems.map((i) => i._id),
          date: next.date,
        }),
        staleTime: 0,
      });
      const slot = answer.slots.find((s) => s.id === next.slotId);
      if (!slot?.available) {
        setSlotFull({ message: slotFull?.message ?? SLOT_REASONS.full, nextSlot: null });
        toast.error(slot?.reason ?? 'That slot is no longer available');
        return;
      }
      const chosen: CartDelivery = {
        date: answer.date,
        slotId: slot.id,
        type: slot.type,
        label: slot.label,
        start: slot.start,
        end: slot.end,
        fee: slot.fee,
      };
      cartActions.saveDelivery(chosen);
      setSlotFull(null);
      toast.success(`Delivery changed to ${formatDelivery(chosen)}`);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSwitching(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <CheckoutSteps current="Confirm Order" />
      <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">Confirm Order</h1>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <OrderSection
            title="Shipping"
            action={
              <Link to="/shipping" className="text-sm font-medium text-brand-700 hover:underline">
                Edit<span className="sr-only"> shipping address</span>
              </Link>
            }
          >
            <Facts
              rows={[
                ['Name', `${address.firstName} ${address.lastName}`],
                ['Address', formatAddress(address)],
                ['Phone', showPhone(address.phone)],
                ['Delivery', formatDelivery(delivery)],
              ]}
            />
          </OrderSection>
          {cart.giftMessage?.message.trim() ? (
            <OrderSection
              title="Message card"
              action={
                <Link to="/shipping" className="text-sm font-medium text-brand-700 hover:underline">
                  Edit<span className="sr-only"> message card</span>
                </Link>
              }
            >
              <GiftCard
                message={cart.giftMessage.message}
                senderName={cart.giftMessage.senderName}
                className="max-w-md"
              />
            </OrderSection>
          ) : null}
          <OrderSection title="Payment Method">
            <Facts
              rows={[
                ['Method', `${cart.paymentMethod} (UPI or Credit/Debit Card)`],
                ...(guest ? [['Your email', guest.email] as [string, string]] : []),
                ['Your mobile', showPhone(cart.contactPhone)],
              ]}
            />
            <BusinessBuyerFields buyer={business} />
          </OrderSection>
          <OrderSection title="Order Items">
            <OrderItems
              lines={cart.cartItems.map((i) => ({
                key: lineKey(i),
                productId: i._id,
                name: i.name,
                variantName: i.variant?.name,
                options: i.options,
                image: i.optimizedImages.thumbnail || i.image,
                qty: i.qty,
                unitPrice: lineUnitPrice(i),
                problem: lineProblems[lineKey(i)],
              }))}
            />
          </OrderSection>
        </div>
        <SummaryCard totals={totals} slotFee={delivery}>
          <CouponField coupon={coupon} className="border-t border-neutral-200 pt-3" />
          {slotFull ? (
            <Alert>
              <p className="font-semibold">{slotFull.message}</p>
              <p className="mt-1">{formatDelivery(delivery)} has no places left.</p>
              {slotFull.nextSlot ? (
                <p className="mt-1">The next slot with a place is {nextSlotText(slotFull.nextSlot)}.</p>
              ) : (
                <p className="mt-1">Please choose another date or time.</p>
              )}
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {slotFull.nextSlot ? (
                  <Button
                    size="sm"
                    disabled={switching}
                    onClick={() => slotFull.nextSlot && void takeNextSlot(slotFull.nextSlot)}
                    className="h-auto min-h-8 py-1.5 text-left"
                  >
                    {switching ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
                    Deliver {nextSlotText(slotFull.nextSlot)} instead
                  </Button>
                ) : null}
                <Link to="/shipping" className={buttonClasses('outline', 'sm')}>
                  Choose another slot
                </Link>
              </div>
            </Alert>
          ) : null}
          <Button
            size="lg"
            className="mt-2 w-full"
            disabled={empty || pending || coupon.checking}
            onClick={() => void confirm()}
          >
            {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            Confirm Order
          </Button>
          <p className="text-xs text-neutral-600">
            Payment by UPI or card opens as soon as the order is confirmed. Prices and stock are checked again then.
          </p>
        </SummaryCard>
      </div>
    </div>
  );
}
