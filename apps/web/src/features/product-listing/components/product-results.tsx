import { useEffect, useState } from 'react';
import { Gift, Sparkles } from 'lucide-react';
import { useInfiniteProducts } from '../../../api/products.js';
import { ProductCard } from '../../../components/product/product-card.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { errorMessage } from '../../../lib/api.js';
import type { ListingFilters } from '../filters-url.js';

/** The next page starts loading when the shopper scrolls within 200 px of the end (spec section 9). */
export const LOAD_MORE_MARGIN = '0px 0px 200px 0px';
const SKELETONS = 4;
const gridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 @xl:grid-cols-3 @4xl:grid-cols-4';

/** Whether an element is on screen or within the margin below it. */
function useNearViewport(element: Element | null, rootMargin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin]);
  return near;
}

function CardSkeleton() {
  return (
    <div data-skeleton className="overflow-hidden rounded-lg border border-neutral-200 bg-white">
      <Skeleton className="h-[150px] w-full rounded-none md:h-[250px]" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}

function Notice({ icon: Icon, title, hint }: { icon: typeof Gift; title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg bg-brand-50 px-6 py-10 text-center">
      <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-neutral-900">{title}</p>
      <p className="text-sm text-neutral-700">{hint}</p>
    </div>
  );
}

/**
 * The product grid loaded by infinite scroll (spec section 4): page 1 replaces the list, later
 * pages append, and the next page loads near the end while more exist and nothing is loading.
 */
export function ProductResults({ filters }: { filters: ListingFilters }) {
  const { data, error, isPending, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage } =
    useInfiniteProducts(filters);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const nearEnd = useNearViewport(sentinel, LOAD_MORE_MARGIN);

  // Runs again when a fetch ends, so a short page that leaves the end in view keeps loading.
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  if (isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          Loading products...
        </p>
        <div className={gridClasses} aria-hidden="true">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }

  if (!data) {
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
        {errorMessage(error)}
      </div>
    );
  }

  const products = data.pages.flatMap((p) => p.products);
  const last = data.pages[data.pages.length - 1];

  return (
    <div className="flex flex-col gap-6">
      {products.length > 0 && (
        <>
          <p className="text-sm text-neutral-600">
            Showing {products.length} {products.length === 1 ? 'product' : 'products'}
            {last && last.pages > 1 && ` · page ${last.page} of ${last.pages}`}
          </p>
          <ul aria-label="Products" aria-busy={isFetchingNextPage} className={gridClasses}>
            {products.map((product, i) => (
              <li key={product._id}>
                <ProductCard product={product} priority={i < SKELETONS} />
              </li>
            ))}
          </ul>
          <div ref={setSentinel} aria-hidden="true" />
        </>
      )}

      <div role="status" aria-live="polite">
        {products.length === 0 && (
          <Notice icon={Gift} title="More products coming soon." hint="Try adjusting your filters or search terms." />
        )}
        {isFetchingNextPage && (
          <p className="flex items-center justify-center gap-2 py-4 text-sm font-medium text-neutral-700">
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
              aria-hidden="true"
            />
            Loading more products...
          </p>
        )}
        {products.length > 0 && !hasNextPage && (
          <Notice
            icon={Sparkles}
            title="You've seen all products!"
            hint="Try adjusting your filters to see more results"
          />
        )}
      </div>

      {isFetchNextPageError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {errorMessage(error)}
          <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
