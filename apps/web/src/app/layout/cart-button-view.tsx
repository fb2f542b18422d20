import { ShoppingBag } from 'lucide-react';
import { setCartPanelOpen } from '../../stores/cart-panel-store.js';
import { CountBadge } from './count-badge.js';

function cartLabel(count: number): string {
  return count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The header's cart button for a cart of `count` items. */
export function CartButtonView({ count }: { count: number }) {
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
