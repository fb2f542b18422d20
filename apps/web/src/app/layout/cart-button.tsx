import { ShoppingBag } from 'lucide-react';
import { cartCount, useCart } from '../../stores/cart-store.js';
import { setCartPanelOpen } from '../../stores/cart-panel-store.js';
import { CountBadge } from './count-badge.js';

export function cartLabel(count: number): string {
  return count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Opens the cart side panel; the badge shows the total quantity once the cart has something in it. */
export function CartButton() {
  const count = cartCount(useCart());
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
