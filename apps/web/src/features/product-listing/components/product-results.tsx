import { memo, useCallback, useEffect, useRef, useState, type ReactNode, type RefCallback } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Gift, Sparkles } from 'lucide-react';
import type { ProductListResponse, ProductSummary } from '@store/contracts';
import type { ProductFilters } from '../../../api/products.js';
import { ProductCard } from '../../../components/product/product-card.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { isPincodeRefusal, PincodeRefused } from '../../../components/product/pincode-prompt.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { cn } from '../../../lib/cn.js';
import { openPincodeDialog, usePincode } from '../../../stores/pincode-store.js';
import { clearedFiltersHref, type ListingFilters } from '../filters-url.js';
import { infiniteProductsQuery } from '../listing-data.js';

/** The next page starts loading when the shopper scrolls within 200 px of the end (spec section 9). */
const LOAD_MORE_PX = 200;
/**
 * Reaching above the screen without bound: places a long scroll carried past the top unseen still
 * count as near, and passing them from below to above in one jump is a crossing the observer
 * reports (a jump over a zero-height band is not, and the listing stopped loading).
 */
export const LOAD_MORE_MARGIN = `1000000px 0px ${LOAD_MORE_PX}px 0px`;
const SKELETONS = 4;
/** Places kept for cards still to come: four pages' worth (spec section 9: 12 a page). */
const MAX_PLACES = 48;
const gridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 @xl:grid-cols-3 @4xl:grid-cols-4';

/**
 * The infinite-scroll listing: page 1 replaces, later pages append (spec section 4). Another PIN
 * code for the same filters keeps the cards shown until its own arrive: falling back to a few
 * placeholders in between would move everything below them twice.
 */
function useInfiniteProducts(filters: ProductFilters) {
  const query = infiniteProductsQuery(filters);
  const [, , listed] = query.queryKey;
  return useInfiniteQuery({
    ...query,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === listed ? previous : undefined),
  });
}

/**
 * The last observation of the element given the returned ref (whether it is within the observer's
 * margin of the screen), and that element while it is in the page. The ref watches it from the
 * moment React attaches it: keeping it in state instead would have React render again within its
 * commit, in the same task, which on a page being hydrated pulls every effect of the page into that
 * task too. Each observation is a new object, so a new element's first one is news even when it
 * says what the last element's did.
 */
function useNearViewport(rootMargin: string): {
  seen: { near: boolean };
  ref: RefCallback<Element>;
  element: { readonly current: Element | null };
} {
  const [seen, setSeen] = useState({ near: false });
  const element = useRef<Element | null>(null);
  const ref = useCallback(
    (node: Element) => {
      element.current = node;
      const observer = new IntersectionObserver(([entry]) => setSeen({ near: entry?.isIntersecting ?? false }), {
        rootMargin,
      });
      observer.observe(node);
      return () => {
        observer.disconnect();
        if (element.current === node) element.current = null;
      };
    },
    [rootMargin],
  );
  return { seen, ref, element };
}

/**
 * A card's place while it loads; `data-skeleton` marks the first page's, which the page waits on.
 * The places of cards still to come are `still` until their page is asked for: 48 of them pulsing
 * below the fold kept a listing repainting (a tenth of a core, measured in Chromium) while the
 * shopper read the cards above.
 */
function CardSkeleton({ firstPage = true, still = false }: { firstPage?: boolean; still?: boolean }) {
  return (
    // As tall as the card it stands for (as on the home page): a shorter place moves what follows.
    <div
      data-skeleton={firstPage ? '' : undefined}
      className="h-[264px] overflow-hidden rounded-lg border border-neutral-200 bg-white md:h-[364px]"
    >
      <Skeleton still={still} className="h-[150px] w-full rounded-none md:h-[250px]" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton still={still} className="h-4 w-4/5" />
        <Skeleton still={still} className="h-4 w-1/3" />
        <Skeleton still={still} className="h-3 w-1/2" />
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
 * pages append, and the next page loads near the end while more exist and nothing is loading. A
 * memo: opening or closing the phone's filters re-renders the page, and need not re-render its cards.
 */
export const ProductResults = memo(function ProductResults({ filters }: { filters: ListingFilters }) {
  const pincode = usePincode();
  const list = useInfiniteProducts({ ...filters, pincode });
  const { data, error, isPending, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage } =
    list;
  const { seen: placesSeen, ref: placesRef, element: places } = useNearViewport(LOAD_MORE_MARGIN);

  // Runs again when a fetch ends, so a short page that leaves the next places in view keeps
  // loading, and at every observation of the places, the new places' first one too (they may be
  // measured before the page just appended has its height, and seen near only after). The
  // observer's word is older than the page just appended, so where the places are now decides:
  // else one scroll to the end would load two pages.
  useEffect(() => {
    const stillNear = () =>
      !!places.current && places.current.getBoundingClientRect().top <= window.innerHeight + LOAD_MORE_PX;
    if (placesSeen.near && hasNextPage && !isFetching && !isFetchNextPageError && stillNear()) void fetchNextPage();
  }, [placesSeen, places, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

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
    return isPincodeRefusal(error) ? <PincodeRefused error={error} /> : <LoadError what="the products" load={list} />;
  }

  const products = loadedRun(data.pages);
  const cleared = clearedFiltersHref(filters);
  const last = data.pages[data.pages.length - 1];
  // The cards still to come have their places before they come: pages appended above a footer in
  // view pushed it down under the shopper's eyes (field CLS p75 0.27-0.93 on the listing, issue
  // 33), and so does any place a page adds below. The places are also what brings the next page
  // in when they come near. Bounded, so a listing of thousands keeps a page of modest size.
  const upcoming =
    hasNextPage && !isFetchNextPageError ? Math.max(1, Math.min(MAX_PLACES, (last?.total ?? 0) - products.length)) : 0;

  return (
    <div className="flex flex-col gap-6">
      {products.length > 0 && (
        <>
          <p className="text-sm text-neutral-700">{showingText(products.length, last?.total ?? products.length)}</p>
          <div>
            <ul aria-label="Products" aria-busy={isFetchingNextPage} className={gridClasses}>
              {products.map((product, i) => (
                <li key={product._id}>
                  <ProductCard product={product} priority={i < SKELETONS} />
                </li>
              ))}
            </ul>
            {upcoming > 0 && (
              // Keyed by the pages loaded: each page's places are new ones, not the last page's
              // moved down, which would count as the shift they are there to prevent; and a new
              // element's first observation says where it is, however far a scroll jumped.
              <div
                key={data.pages.length}
                ref={placesRef}
                className={cn(gridClasses, 'mt-3 sm:mt-4')}
                aria-hidden="true"
              >
                {Array.from({ length: upcoming }, (_, i) => (
                  <CardSkeleton key={i} firstPage={false} still={!isFetchingNextPage} />
                ))}
              </div>
            )}
          </div>
        </>
      )}

      <div role="status" aria-live="polite">
        {products.length === 0 &&
          (pincode ? (
            <Notice
              icon={Gift}
              title={`Nothing here can reach ${pincode} yet.`}
              hint="Try other filters, or another PIN code."
            >
              <div className="mt-2 flex flex-wrap justify-center gap-2">
                {cleared && (
                  <Link to={cleared} className={buttonClasses('primary', 'md')}>
                    Clear filters
                  </Link>
                )}
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={openPincodeDialog}
                  className={buttonClasses('outline', 'md')}
                >
                  Change PIN
                </button>
              </div>
            </Notice>
          ) : (
            <Notice icon={Gift} title="More products coming soon." hint="Try adjusting your filters or search terms.">
              {cleared && (
                <Link to={cleared} className={cn(buttonClasses('primary', 'md'), 'mt-2')}>
                  Clear filters
                </Link>
              )}
            </Notice>
          ))}
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
});
