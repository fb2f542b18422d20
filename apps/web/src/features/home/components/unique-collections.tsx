import { useCarouselProducts } from '../../../api/products.js';
import { Carousel } from '../../../components/ui/carousel.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ProductCard } from '../../../components/product/product-card.js';
import { mixByCategory } from '../product-mix.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { isPincodeRefusal, PincodeRefused } from '../../../components/product/pincode-prompt.js';
import { usePincode } from '../../../stores/pincode-store.js';
import { SectionHeading } from './section-heading.js';

const SLIDE = 'basis-1/2 pr-3 sm:basis-1/3 md:pr-4 lg:basis-1/4 xl:basis-1/5';

/** Newest available products; the server already leaves out 'Sample Product' and unavailable ones. */
export function UniqueCollections() {
  const carousel = useCarouselProducts(usePincode());
  const { data: products, isPending, error } = carousel;
  if (!isPending && !error && products.length === 0) return null;
  return (
    <section aria-labelledby="home-unique">
      <SectionHeading
        id="home-unique"
        title="Our UNIQUE Collections"
        subtitle="Fresh flowers, cakes, chocolates and combos, newly added."
      />
      {isPincodeRefusal(error) ? (
        <PincodeRefused error={error} />
      ) : error ? (
        <LoadError what="the newest products" load={carousel} />
      ) : isPending ? (
        <div className="flex overflow-hidden" aria-busy="true">
          <span role="status" className="sr-only">
            Loading products…
          </span>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={`shrink-0 grow-0 ${SLIDE}`}>
              <Skeleton className="h-[264px] md:h-[364px]" />
            </div>
          ))}
        </div>
      ) : (
        <Carousel label="Newly added products" slideClassName={SLIDE}>
          {mixByCategory(products).map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </Carousel>
      )}
    </section>
  );
}
