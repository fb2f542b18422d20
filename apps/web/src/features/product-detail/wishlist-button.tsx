import { Heart } from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { useWishlist } from '../../stores/wishlist-store.js';
import { toggleWishlisted } from '../../stores/wishlist-sync.js';

export function WishlistButton({ productId }: { productId: string }) {
  const wishlisted = useWishlist().includes(productId);
  return (
    <button
      type="button"
      aria-pressed={wishlisted}
      aria-label={wishlisted ? 'Remove from wishlist' : 'Add to wishlist'}
      onClick={() => toggleWishlisted(productId)}
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-neutral-200 bg-white text-brand-600 transition-colors hover:bg-brand-50"
    >
      <Heart className={cn('h-5 w-5', wishlisted && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
