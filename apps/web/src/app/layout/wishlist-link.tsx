import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { useWishlist } from '../../stores/wishlist-store.js';
import { CountBadge } from './count-badge.js';

function wishlistLabel(count: number): string {
  return count === 0 ? 'Wishlist, empty' : `Wishlist, ${count} ${count === 1 ? 'product' : 'products'}`;
}

/** The header's heart: the wishlist page, the badge counting what is on it once something is. */
export function WishlistLink() {
  const count = useWishlist().length;
  return (
    <Link
      to="/wishlist"
      aria-label={wishlistLabel(count)}
      className="relative grid size-9 place-items-center rounded-full text-neutral-800 hover:bg-neutral-100 sm:size-10"
    >
      <Heart className="size-6" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
