import { lazy, memo, Suspense, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePrefetchQuery } from '@tanstack/react-query';
import { ArrowLeft, ShoppingBag, Trash2 } from 'lucide-react';
import type { ProductDelivery } from '@store/contracts';
import { formatInr, rupeesToPaise } from '@store/domain';
import { topRatedQuery } from '../../api/products.js';
import { CouponField, useCoupon } from '../../components/order/coupon-field.js';
import { LineUnreachable, UnreachableLines, useUnreachable } from '../../components/order/delivery-reach.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Price } from '../../components/ui/price.js';
import { usePageTitle } from '../../lib/page-title.js';
import { CartBanners } from './cart-banners.js';
import { inr, minusInr } from '../../lib/format.js';
import { LineOptions } from '../../components/order/line-options.js';
import {
  cartActions,
  cartCount,
  cartItemsSummary,
  lineKey,
  lineUnitPrices,
  useCart,
  type CartItem,
} from '../../stores/cart-store.js';
import { pictureProps } from '../../lib/pictures.js';
import { usePincode } from '../../stores/pincode-store.js';
import { useHydrated } from '../../lib/hydration.js';
import { Skeleton } from '../../components/ui/skeleton.js';

const GRID = 'mt-6 grid items-start gap-8 md:grid-cols-[1fr_20rem]';
const SUMMARY = 'flex flex-col gap-4 rounded-xl border border-neutral-200 bg-neutral-50 p-5 md:sticky md:top-4';
const EMPTY_BOX =
  'flex flex-col items-center gap-4 rounded-xl border border-dashed border-neutral-300 px-6 py-14 text-center';
// Only an empty cart shows it, and the server's HTML has it already: off the page's first JavaScript.
const TopRatedRow = lazy(() => import('./top-rated-row.js').then((m) => ({ default: m.TopRatedRow })));

export function CartPage() {
  // The cart lives in this browser: the server's HTML holds its frame, and the lines follow.
  const hydrated = useHydrated();
  // Empty too while the server renders and the browser hydrates, as the frame is.
  const empty = useCart().cartItems.length === 0;
  usePageTitle('Shopping Cart', 'The flowers, cakes and gifts in your cart at Phoolwala Gifts.');

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">Shopping Cart</h1>
      {hydrated ? <CartContents /> : <CartFrame />}
      {/* Beside the frame rather than in it, so the server's row is the empty cart's, kept as it is. */}
      {empty ? <Suggestions /> : null}
    </div>
  );
}

/** The page as an empty cart shows it, its words left out: for an empty cart nothing moves. */
function CartFrame() {
  return (
    <div className="mt-6" aria-busy="true">
      <div className={EMPTY_BOX}>
        <span role="status" className="sr-only">
          Loading your cart…
        </span>
        <span className="h-16 w-16 rounded-full bg-brand-50" />
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-12 w-32" />
      </div>
    </div>
  );
}

function CartContents() {
  const cart = useCart();
  const navigate = useNavigate();
  const count = cartCount(cart);
  const empty = cart.cartItems.length === 0;
  const coupon = useCoupon(cart);
  const figures = cartItemsSummary(cart, coupon.discount);
  const { pincode, unreachable } = useUnreachable(cart.cartItems.map((i) => i._id));
  const stuck = cart.cartItems.filter((i) => unreachable.has(i._id)).map((i) => i.name);
  const stuckId = useId();

  if (empty) {
    return (
      <div className="mt-6">
        <EmptyCart />
      </div>
    );
  }
  return (
    <div className={GRID}>
      <ul aria-label="Cart items" className="flex flex-col divide-y divide-neutral-200 border-y border-neutral-200">
        {cart.cartItems.map((item) => (
          <CartLine key={lineKey(item)} item={item} unreachable={unreachable.get(item._id)} />
        ))}
      </ul>
      <section aria-labelledby="summary-heading" className={SUMMARY}>
        <h2 id="summary-heading" className="text-lg font-semibold text-neutral-900">
          Order summary
        </h2>
        <CartBanners cart={cart} />
        <p className="flex items-center justify-between text-base">
          <span>
            Subtotal ({count} {count === 1 ? 'item' : 'items'})
          </span>
          <span className="font-semibold">{formatInr(rupeesToPaise(cart.itemsPrice))}</span>
        </p>
        {figures.couponDiscount > 0 ? (
          <>
            <p className="-mt-2 flex items-center justify-between gap-3 text-sm">
              <span>Coupon ({coupon.code})</span>
              <span className="text-green-700 tabular-nums">{minusInr(figures.couponDiscount)}</span>
            </p>
            <p className="flex items-center justify-between border-t border-neutral-200 pt-3 text-base">
              <span>Total</span>
              <span className="font-semibold">{inr(figures.totalPrice)}</span>
            </p>
          </>
        ) : null}
        <p className="-mt-3 text-right text-xs text-neutral-600">incl. GST {inr(figures.taxPrice)}</p>
        <CouponField coupon={coupon} className="border-t border-neutral-200 pt-4" />
        {stuck.length > 0 ? <UnreachableLines id={stuckId} names={stuck} pincode={pincode} /> : null}
        <Button
          size="lg"
          disabled={stuck.length > 0}
          aria-describedby={stuck.length > 0 ? stuckId : undefined}
          onClick={() => navigate('/login?redirect=/shipping')}
        >
          Proceed To Checkout
        </Button>
        <p className="text-xs text-neutral-600">
          Final shipping amount, discounts, taxes, and fees are calculated at checkout
        </p>
      </section>
    </div>
  );
}

/**
 * The empty cart's row. The server renders it, and the browser may hydrate the page before the
 * row's code arrives: memo keeps the page's next render (the cart read) from touching the row
 * meanwhile, which would make React throw the server's row away and draw it again once the code is
 * there, its pictures with it.
 */
const Suggestions = memo(function Suggestions() {
  // Asked while the row's code loads rather than after it, under the key the row reads.
  usePrefetchQuery(topRatedQuery(usePincode()));
  return (
    <Suspense fallback={null}>
      <TopRatedRow className="mt-10" />
    </Suspense>
  );
});

function EmptyCart() {
  const navigate = useNavigate();
  return (
    <div className={EMPTY_BOX}>
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShoppingBag className="h-8 w-8" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold text-neutral-900">Your cart is empty</p>
      <Link
        to="/"
        onClick={(e) => {
          // Back to wherever the shopper came from inside the store; a fresh tab goes home.
          if ((window.history.state as { idx?: number } | null)?.idx) {
            e.preventDefault();
            navigate(-1);
          }
        }}
        className={buttonClasses('outline', 'lg')}
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Go Back
      </Link>
    </div>
  );
}

function CartLine({ item, unreachable }: { item: CartItem; unreachable: ProductDelivery | undefined }) {
  const selectId = useId();
  return (
    <li className="flex gap-4 py-4">
      <img
        {...pictureProps(item.optimizedImages.thumbnail || item.image, '96px')}
        alt=""
        width={96}
        height={96}
        decoding="async"
        className="h-24 w-24 shrink-0 rounded-lg bg-neutral-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <Link to={`/product/${item._id}`} className="line-clamp-2 font-medium text-neutral-900 hover:underline">
            {item.name}
          </Link>
          {item.variant && <p className="text-sm text-neutral-600">{item.variant.name}</p>}
          <LineOptions options={item.options} className="mt-0.5 text-sm" />
          <Price {...lineUnitPrices(item)} className="mt-1" />
          {unreachable ? <LineUnreachable delivery={unreachable} className="mt-1" /> : null}
        </div>
        <div className="flex items-center gap-3">
          <label htmlFor={selectId} className="sr-only">
            Quantity of {item.name}
          </label>
          <select
            id={selectId}
            value={item.qty}
            onChange={(e) => cartActions.setQty(lineKey(item), Number(e.target.value))}
            className="h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm"
          >
            {Array.from({ length: Math.max(1, item.countInStock) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <button
            type="button"
            aria-label={`Remove ${item.name}`}
            onClick={() => cartActions.remove(lineKey(item))}
            className="rounded-md p-2 text-neutral-600 hover:bg-neutral-100 hover:text-red-700"
          >
            <Trash2 className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </li>
  );
}
