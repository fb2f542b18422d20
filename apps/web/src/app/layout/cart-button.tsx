import { useEffect, useState } from 'react';
import { ShoppingBag } from 'lucide-react';
import { setCartPanelOpen } from '../../stores/cart-panel-store.js';
import { CountBadge } from './count-badge.js';

function cartLabel(count: number): string {
  return count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * The cart's total quantity, following every change. The cart's store comes with the cart's
 * pricing rules (GST, slots, coupons), which the first page does without, so the count arrives
 * just after it; the server renders, and the page hydrates with, no count anyway.
 */
function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../stores/cart-store.js').then(({ watchCartCount }) => {
      if (!gone) stop = watchCartCount(setCount);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return count;
}

/** Opens the cart side panel; the badge shows the total quantity once the cart has something in it. */
export function CartButton() {
  const count = useCartCount();
  return (
    <button
      type="button"
      aria-label={cartLabel(count)}
      aria-haspopup="dialog"
      onClick={() => setCartPanelOpen(true)}
      className="relative grid size-9 place-items-center rounded-full text-neutral-800 hover:bg-neutral-100 sm:size-10"
    >
      <ShoppingBag className="size-6" aria-hidden="true" />
      <CountBadge count={count} />
    </button>
  );
}
