import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { topRatedQuery } from '../../api/products.js';
import { ProductCard } from '../../components/product/product-card.js';
import { cn } from '../../lib/cn.js';
import { usePincode } from '../../stores/pincode-store.js';

/**
 * A short row: enough to choose from, and few pictures for a phone to fetch and cards to hydrate.
 * Six took the empty cart's blocking time from 67 to 179 ms (Lighthouse, 3 runs); four, 100 ms.
 */
const ROW_SIZE = 4;

/**
 * The highest-rated products, for the recipient's PIN code when one is chosen, so an empty cart has
 * something to shop. A suggestion, not the page's purpose: while it loads, or if it fails, the row is
 * simply not there; it sits below everything else, so nothing moves when it comes.
 */
export function TopRatedRow({ onOpen, className }: { onOpen?: () => void; className?: string }) {
  const headingId = useId();
  const { data: products } = useQuery(topRatedQuery(usePincode()));
  if (!products?.length) return null;
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        Top-rated gifts
      </h2>
      {/* Scrolls sideways on a phone rather than stacking six cards below the fold. */}
      {/* Paint containment keeps the cards beyond the row's edge from widening the page at 375 px,
          which the scroller alone did not (measured: a 942 px wide page). */}
      <ul className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [contain:paint]">
        {products.slice(0, ROW_SIZE).map((product) => (
          <li key={product._id} className="w-40 shrink-0 snap-start md:w-48">
            <ProductCard product={product} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </section>
  );
}
