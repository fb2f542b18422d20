import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { createOrder, orderKey, orderPayload } from '../../api/orders.js';
import { Button } from '../../components/ui/button.js';
import { errorMessage } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';
import { usePageTitle } from '../../lib/page-title.js';
import { cartActions, lineKey, useCart } from '../../stores/cart-store.js';
import { formatAddress, showPhone } from '../../lib/format.js';
import { Facts, OrderItems, OrderSection, SummaryCard } from '../../components/order/order-parts.js';
import { CheckoutSteps } from './checkout-steps.js';

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
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  // One key per cart: a retry of the same order (after a dropped connection, say) reuses it, so
  // the server answers with the order it may already have made; a changed cart gets a new key.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  const address = cart.shippingAddress;
  if (!address) return <Navigate to="/shipping" replace />;
  if (!cart.paymentMethod) return <Navigate to="/payment" replace />;
  const empty = cart.cartItems.length === 0;

  async function confirm() {
    if (sending.current || empty || !address) return;
    const payload = orderPayload(cart, address);
    const fingerprint = JSON.stringify([
      payload.orderItems.map((i) => [i._id, i.variant?._id ?? null, i.qty]),
      address,
      payload.paymentMethod,
    ]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    sending.current = true;
    setPending(true);
    try {
      const order = await createOrder(payload, attempt.current.key);
      attempt.current = null;
      cartActions.clearItems();
      // Stock changed, and the shopper's order list has a new order.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
      queryClient.setQueryData(orderKey(order._id), order);
      navigate(`/order/${order._id}`);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      sending.current = false;
      setPending(false);
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
              ]}
            />
          </OrderSection>
          <OrderSection title="Payment Method">
            <Facts rows={[['Method', `${cart.paymentMethod} (UPI or Credit/Debit Card)`]]} />
          </OrderSection>
          <OrderSection title="Order Items">
            <OrderItems
              lines={cart.cartItems.map((i) => ({
                key: lineKey(i),
                productId: i._id,
                name: i.name,
                variantName: i.variant?.name,
                image: i.optimizedImages.thumbnail || i.image,
                qty: i.qty,
                unitPrice: i.discountPrice > 0 ? i.discountPrice : i.price,
              }))}
            />
          </OrderSection>
        </div>
        <SummaryCard totals={cart}>
          <Button size="lg" className="mt-2 w-full" disabled={empty || pending} onClick={() => void confirm()}>
            {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            Confirm Order
          </Button>
          <p className="text-xs text-neutral-600">
            You pay on the next page, by UPI or card. Prices and stock are checked again when the order is placed.
          </p>
        </SummaryCard>
      </div>
    </div>
  );
}
