import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import type { ProductDelivery } from '@store/contracts';
import { formatInr, isPincodeFormat, rupeesToPaise, shippingFor } from '@store/domain';
import { LineUnreachable, UnreachableLines, useUnreachable } from '../../components/order/delivery-reach.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Price } from '../../components/ui/price.js';
import { Sheet } from '../../components/ui/sheet.js';
import { useUserInfo } from '../../stores/user-store.js';
import { CartBanners } from './cart-banners.js';
import { TopRatedRow } from './top-rated-row.js';
import { setCartPanelOpen, useCartPanelOpen } from '../../stores/cart-panel-store.js';
import { inr } from '../../lib/format.js';
import { LineOptions } from '../../components/order/line-options.js';
import {
  cartActions,
  cartCount,
  cartFigures,
  cartItemsSummary,
  lineKey,
  lineUnitPrices,
  useCart,
  type Cart,
  type CartItem,
} from '../../stores/cart-store.js';
import { pictureProps } from '../../lib/pictures.js';

const close = () => setCartPanelOpen(false);

/** The cart sliding in from the right: opened by the header's cart icon and by Add To Cart. */
export function CartPanel() {
  const open = useCartPanelOpen();
  const cart = useCart();
  const navigate = useNavigate();
  const count = cartCount(cart);
  const empty = cart.cartItems.length === 0;
  const user = useUserInfo();
  const { pincode: chosen, unreachable } = useUnreachable(cart.cartItems.map((i) => i._id));
  const stuck = cart.cartItems.filter((i) => unreachable.has(i._id)).map((i) => i.name);
  const stuckId = useId();
  // The store's PIN code; else the account's.
  const pincode = chosen || user?.pincode || '';

  return (
    <Sheet open={open} onOpenChange={setCartPanelOpen} title={`Cart (${count})`}>
      {empty ? (
        <div className="flex flex-col gap-2 pb-6">
          <EmptyCart />
          <div className="px-4">
            <TopRatedRow onOpen={close} />
          </div>
        </div>
      ) : (
        <div className="flex min-h-full flex-col">
          <div className="flex flex-1 flex-col gap-4 p-4">
            <CartBanners cart={cart} />
            <ul aria-label="Cart items" className="flex flex-col divide-y divide-neutral-200">
              {cart.cartItems.map((item) => (
                <PanelLine key={lineKey(item)} item={item} unreachable={unreachable.get(item._id)} />
              ))}
            </ul>
          </div>
          <div className="sticky bottom-0 flex flex-col gap-3 border-t border-neutral-200 bg-white p-4">
            <div>
              <p className="flex items-center justify-between text-base font-semibold">
                <span>Total</span>
                <span>{formatInr(rupeesToPaise(cart.itemsPrice))}</span>
              </p>
              <p className="text-right text-xs text-neutral-600">incl. GST {inr(cartItemsSummary(cart).taxPrice)}</p>
            </div>
            <p className="text-sm text-neutral-700">
              {isPincodeFormat(pincode) ? `Estimated Shipping to ${pincode}` : 'Estimated Shipping'}:{' '}
              <ShippingEstimate cart={cart} />
            </p>
            {stuck.length > 0 ? <UnreachableLines id={stuckId} names={stuck} pincode={chosen} /> : null}
            <Button
              size="lg"
              disabled={stuck.length > 0}
              aria-describedby={stuck.length > 0 ? stuckId : undefined}
              onClick={() => {
                close();
                navigate('/login?redirect=/shipping');
              }}
            >
              Checkout
            </Button>
            <p className="text-center text-xs text-neutral-600">
              Final shipping amount, discounts, taxes, and fees are calculated at checkout
            </p>
          </div>
        </div>
      )}
    </Sheet>
  );
}

/**
 * The standard delivery charge by the domain's rule, the same one the free-shipping banner reads, so
 * the two always agree; a slot already chosen at checkout adds its own fee, which the PIN code's
 * service area sets.
 */
function ShippingEstimate({ cart }: { cart: Cart }) {
  const standard = shippingFor(cartFigures(cart).itemsPrice);
  const slot = cart.delivery;
  return (
    <>
      {standard === 0 ? 'Free' : formatInr(standard)}
      {slot && slot.fee > 0 ? ` + ${inr(slot.fee)} for the ${slot.label} slot` : null}
    </>
  );
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 px-6 pt-10 pb-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShoppingBag className="h-8 w-8" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold text-neutral-900">Your cart is empty</p>
      <Link to="/products" onClick={close} className={buttonClasses('primary', 'lg')}>
        Continue Shopping
      </Link>
      <p className="text-sm text-neutral-700">
        Have an account!{' '}
        <Link to="/login" onClick={close} className="font-semibold text-brand-700 underline">
          Log in
        </Link>{' '}
        to check out faster.
      </p>
    </div>
  );
}

function PanelLine({ item, unreachable }: { item: CartItem; unreachable: ProductDelivery | undefined }) {
  const setQty = (qty: number) => cartActions.setQty(lineKey(item), qty);
  return (
    <li className="flex gap-3 py-4 first:pt-0">
      <img
        {...pictureProps(item.optimizedImages.thumbnail || item.image, '80px')}
        alt=""
        width={80}
        height={80}
        loading="lazy"
        decoding="async"
        className="h-20 w-20 shrink-0 rounded-md bg-neutral-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={`/product/${item._id}`}
              onClick={close}
              className="line-clamp-2 text-sm font-medium text-neutral-900 hover:underline"
            >
              {item.name}
            </Link>
            {item.variant && <p className="text-xs text-neutral-600">{item.variant.name}</p>}
            <LineOptions options={item.options} className="mt-0.5" />
            {unreachable ? <LineUnreachable delivery={unreachable} className="mt-1 text-xs" /> : null}
          </div>
          <button
            type="button"
            aria-label={`Remove ${item.name}`}
            onClick={() => cartActions.remove(lineKey(item))}
            className="-mt-1 -mr-1 shrink-0 rounded-md p-1.5 text-neutral-600 hover:bg-neutral-100 hover:text-red-700"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <div className="mt-auto flex items-center justify-between gap-2">
          <div
            role="group"
            aria-label={`Quantity of ${item.name}`}
            className="inline-flex h-8 items-center rounded-md border border-neutral-300"
          >
            <button
              type="button"
              aria-label={`Decrease quantity of ${item.name}`}
              disabled={item.qty <= 1}
              onClick={() => setQty(item.qty - 1)}
              className="flex h-full w-8 items-center justify-center rounded-l-md hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-400"
            >
              <Minus className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
            <span className="w-8 text-center text-sm font-semibold tabular-nums">{item.qty}</span>
            <button
              type="button"
              aria-label={`Increase quantity of ${item.name}`}
              disabled={item.qty >= item.countInStock}
              onClick={() => setQty(item.qty + 1)}
              className="flex h-full w-8 items-center justify-center rounded-r-md hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-400"
            >
              <Plus className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          </div>
          <Price {...lineUnitPrices(item)} className="text-sm" />
        </div>
      </div>
    </li>
  );
}
