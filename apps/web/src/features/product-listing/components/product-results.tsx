import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Gift, Sparkles } from 'lucide-react';
import type { ProductListResponse, ProductSummary } from '@store/contracts';
import { useInfiniteProducts } from '../../../api/products.js';
import { ProductCard } from '../../../components/product/product-card.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { clearedFiltersHref, type ListingFilters } from '../filters-url.js';

/** The next page starts loading when the shopper scrolls within 200 px of the end (spec section 9). */
const LOAD_MORE_PX = 200;
export const LOAD_MORE_MARGIN = `0px 0px ${LOAD_MORE_PX}px 0px`;
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

function Notice({
  icon: Icon,
  title,
  hint,
  children,
}: {
  icon: typeof Gift;
  title: string;
  hint: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg bg-brand-50 px-6 py-10 text-center">
      <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-neutral-900">{title}</p>
      <p className="text-sm text-neutral-700">{hint}</p>
      {children}
    </div>
  );
}

/** 'Showing 1–24 of 81 products': the loaded run of the whole list. */
export function showingText(shown: number, total: number): string {
  // Products added since the first page was read can make the loaded run outgrow its total.
  const of = Math.max(shown, total);
  return `Showing 1–${shown} of ${of} ${of === 1 ? 'product' : 'products'}`;
}

/**
 * The loaded pages as one run, each product once. Pages are read by number, so a product added
 * between two reads pushes the last product of one page onto the next as well.
 */
export function loadedRun(pages: readonly ProductListResponse[]): ProductSummary[] {
  const seen = new Set<string>();
  return pages.flatMap((p) =>
    p.products.filter((product) => {
      if (seen.has(product._id)) return false;
      seen.add(product._id);
      return true;
    }),
  );
}

/**
 * The product grid loaded by infinite scroll (spec section 4): page 1 replaces the list, later
 * pages append, and the next page loads near the end while more exist and nothing is loading.
 */
export function ProductResults({ filters }: { filters: ListingFilters }) {
  const list = useInfiniteProducts(filters);
  const { data, error, isPending, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage } =
    list;
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const nearEnd = useNearViewport(sentinel, LOAD_MORE_MARGIN);

  // Runs again when a fetch ends, so a short page that leaves the end in view keeps loading. The
  // observer's word is older than the page just appended, so where the end is now decides: else
  // one scroll to the end would load two pages.
  useEffect(() => {
    const stillNear = () => sentinel!.getBoundingClientRect().top <= window.innerHeight + LOAD_MORE_PX;
    if (nearEnd && hasNextPage && !isFetching && !isFetchNextPageError && stillNear()) void fetchNextPage();
  }, [nearEnd, sentinel, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

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

  if (!data) return <LoadError what="the products" load={list} />;

  const products = loadedRun(data.pages);
  const cleared = clearedFiltersHref(filters);
  const last = data.pages[data.pages.length - 1];

  return (
    <div className="flex flex-col gap-6">
      {products.length > 0 && (
        <>
          <p className="text-sm text-neutral-700">{showingText(products.length, last?.total ?? products.length)}</p>
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
          <Notice icon={Gift} title="More products coming soon." hint="Try adjusting your filters or search terms.">
            {cleared && (
              <Link to={cleared} className={cn(buttonClasses('primary', 'md'), 'mt-2')}>
                Clear filters
              </Link>
            )}
          </Notice>
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
        <LoadError what="more products" load={{ error, refetch: fetchNextPage, isFetching: isFetchingNextPage }} />
      )}
    </div>
  );
}
