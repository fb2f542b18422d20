import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useProducts } from '../../../api/products.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ProductCard } from '../../../components/product/product-card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { isPincodeRefusal, PincodeRefused } from '../../../components/product/pincode-prompt.js';
import { usePincode } from '../../../stores/pincode-store.js';
import { SectionHeading } from './section-heading.js';

/** Spec section 9: the home page shows ten products a page. */
export const HOME_PAGE_SIZE = 10;

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** Where page `n` of the collection lives: the home routes carry the optional keyword and page. */
function pageHref(page: number, keyword?: string): string {
  const base = keyword ? `/search/${encodeURIComponent(keyword)}` : '';
  if (page <= 1) return base || '/';
  return `${base}/page/${page}`;
}

function Pager({ page, pages, keyword }: { page: number; pages: number; keyword?: string }) {
  if (pages <= 1) return null;
  const link = 'rounded-md border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:bg-neutral-50';
  return (
    <nav aria-label="Exclusive Collection pages" className="mt-6 flex items-center justify-center gap-3">
      {page > 1 && (
        <Link to={pageHref(page - 1, keyword)} className={link}>
          Previous
        </Link>
      )}
      <span className="text-sm text-neutral-700">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link to={pageHref(page + 1, keyword)} className={link}>
          Next
        </Link>
      )}
    </nav>
  );
}

interface ExclusiveCollectionProps {
  keyword?: string;
  pageNumber: number;
}

export function ExclusiveCollection({ keyword, pageNumber }: ExclusiveCollectionProps) {
  const products = useProducts({ keyword, pincode: usePincode() }, pageNumber, HOME_PAGE_SIZE);
  const { data, isPending, error } = products;
  return (
    <section aria-labelledby="home-exclusive">
      <SectionHeading
        id="home-exclusive"
        title="Our Exclusive Collection"
        subtitle={keyword ? `Results for “${keyword}”` : 'Handpicked flowers, cakes and gifts for every celebration.'}
        action={
          <Link
            to="/products"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline md:text-base"
          >
            Show all products
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        }
      />
      {isPincodeRefusal(error) ? (
        <PincodeRefused error={error} />
      ) : error ? (
        <LoadError what="the products" load={products} />
      ) : isPending ? (
        <div className={GRID} aria-busy="true">
          <span role="status" className="sr-only">
            Loading products…
          </span>
          {Array.from({ length: HOME_PAGE_SIZE }, (_, i) => (
            <Skeleton key={i} className="h-[264px] md:h-[364px]" />
          ))}
        </div>
      ) : data.products.length === 0 ? (
        <div className="rounded-2xl bg-neutral-50 px-6 py-10 text-center">
          <p className="font-semibold text-neutral-900">More products coming soon.</p>
          <p className="mt-1 text-sm text-neutral-600">Try adjusting your filters or search terms.</p>
        </div>
      ) : (
        <>
          <ul className={GRID} aria-label="Our Exclusive Collection">
            {data.products.map((product) => (
              <li key={product._id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
          <Pager page={data.page} pages={data.pages} keyword={keyword} />
        </>
      )}
    </section>
  );
}
