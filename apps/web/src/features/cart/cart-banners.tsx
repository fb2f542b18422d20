import { PartyPopper, PiggyBank, Truck } from 'lucide-react';
import { FREE_SHIPPING_THRESHOLD, formatInr } from '@store/domain';
import { cartFigures, type Cart } from '../../stores/cart-store.js';

/** The savings and free-shipping banners of the cart (spec section 9). */
export function CartBanners({ cart }: { cart: Cart }) {
  const { savings, awayFromFreeShipping: away, itemsPrice } = cartFigures(cart);
  const unlocked = away === 0;
  const progress = Math.min(100, Math.round((itemsPrice / FREE_SHIPPING_THRESHOLD) * 100));

  return (
    <div className="flex flex-col gap-2">
      {savings > 0 && (
        <p className="flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          <PiggyBank className="h-4 w-4 shrink-0" aria-hidden="true" />
          You are saving {formatInr(savings)} on this order
        </p>
      )}
      <div className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {unlocked ? (
          <p className="flex items-center gap-2 font-medium">
            <PartyPopper className="h-4 w-4 shrink-0" aria-hidden="true" />
            You've unlocked free shipping!
          </p>
        ) : (
          <>
            <p className="flex items-center gap-2 font-medium">
              <Truck className="h-4 w-4 shrink-0" aria-hidden="true" />
              You are {formatInr(away)} away from free shipping!
            </p>
            <div
              role="progressbar"
              aria-label="Progress to free shipping"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-white"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
