import { useEffect } from 'react';
import { Link } from 'react-router';
import { Heart, Trash2 } from 'lucide-react';
import type { ProductSummary } from '@store/contracts';
import { useWishlistProducts } from '../../api/wishlist.js';
import { ProductCard } from '../../components/product/product-card.js';
import { buttonClasses } from '../../components/ui/button.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { usePageTitle } from '../../lib/page-title.js';
import { useUserInfo } from '../../stores/user-store.js';
import { forgetWishlisted, useWishlist } from '../../stores/wishlist-store.js';
import { refreshWishlist, toggleWishlisted } from '../../stores/wishlist-sync.js';

const gridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';
/** Cards of the first row load their pictures at once. */
const FIRST_ROW = 4;

/** /wishlist: the hearted products, newest first, for guests (this browser's) and accounts alike. */
export function WishlistPage() {
  usePageTitle('My Wishlist', 'The flowers, cakes and gifts you have saved at Phoolwala Gifts.');
  const accountId = useUserInfo()?._id;
  const ids = useWishlist();
  const products = useWishlistProducts(ids);
  const { data, error, isPending, isPlaceholderData } = products;

  // Signed in, the list may have changed on another device since this browser's copy was taken.
  useEffect(() => {
    if (accountId) void refreshWishlist();
  }, [accountId]);

  // Ids the answer left out name products deleted since they were hearted.
  useEffect(() => {
    if (!data || isPlaceholderData) return;
    const found = new Set(data.products.map((p) => p._id));
    forgetWishlisted(data.asked.filter((id) => !found.has(id)));
  }, [data, isPlaceholderData]);

  const byId = new Map(data?.products.map((p) => [p._id, p]));
  const shown = ids.flatMap((id) => byId.get(id) ?? []);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">My Wishlist</h1>
        {ids.length > 0 ? (
          <p className="text-sm text-neutral-700">
            {ids.length} {ids.length === 1 ? 'product' : 'products'}
          </p>
        ) : null}
      </div>
      {ids.length > 0 && !accountId ? (
        <p className="mt-2 text-sm text-neutral-700">
          Saved in this browser.{' '}
          <Link to="/login?redirect=/wishlist" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>{' '}
          to keep your wishlist on your account.
        </p>
      ) : null}
      <div className="mt-6">
        {ids.length === 0 ? (
          <EmptyWishlist />
        ) : error && !data ? (
          <LoadError what="your wishlist" load={products} />
        ) : isPending ? (
          <LoadingGrid count={Math.min(ids.length, FIRST_ROW)} />
        ) : (
          <ul aria-label="Wishlist" className={gridClasses}>
            {shown.map((product, i) => (
              <WishlistCard key={product._id} product={product} priority={i < FIRST_ROW} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function WishlistCard({ product, priority }: { product: ProductSummary; priority: boolean }) {
  return (
    <li className="flex flex-col gap-2">
      <div className="flex-1">
        <ProductCard product={product} priority={priority} />
      </div>
      <button
        type="button"
        aria-label={`Remove ${product.name} from wishlist`}
        onClick={() => toggleWishlisted(product._id)}
        className={buttonClasses('outline', 'sm')}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Remove
      </button>
    </li>
  );
}

function EmptyWishlist() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-neutral-300 px-6 py-14 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Heart className="h-8 w-8" aria-hidden="true" />
      </span>
      <div>
        <p className="text-lg font-semibold text-neutral-900">Your wishlist is empty</p>
        <p className="mt-1 text-sm text-neutral-700">Tap the heart on any gift to keep it here for later.</p>
      </div>
      <Link to="/products" className={buttonClasses('primary', 'lg')}>
        Start Shopping
      </Link>
    </div>
  );
}

function LoadingGrid({ count }: { count: number }) {
  return (
    <div className={gridClasses} aria-busy="true">
      <span className="sr-only" role="status">
        Loading your wishlist…
      </span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-lg border border-neutral-200 bg-white">
          <Skeleton className="h-[150px] w-full rounded-none md:h-[250px]" />
          <div className="flex flex-col gap-2 p-3">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
