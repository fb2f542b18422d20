import type { ProductSummary } from '@store/contracts';
import { ProductCard } from '../../components/product/product-card.js';
import { Skeleton } from '../../components/ui/skeleton.js';

interface ProductRowProps {
  id: string;
  title: string;
  /** Undefined while they load: their places are kept, so nothing below moves when they come. */
  products: ProductSummary[] | undefined;
  /** How many places to keep while loading. */
  places?: number;
}

/** A titled row of product cards: scrolled sideways on a phone, a grid from `md`. */
export function ProductRow({ id, title, products, places = 0 }: ProductRowProps) {
  if (products?.length === 0) return null;
  return (
    <section aria-labelledby={id} aria-busy={products === undefined}>
      <h2 id={id} className="text-xl font-semibold text-neutral-900 md:text-2xl">
        {title}
      </h2>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2 md:grid md:grid-cols-4 md:overflow-visible">
        {products
          ? products.map((p) => (
              <li key={p._id} className="w-40 shrink-0 snap-start md:w-auto">
                <ProductCard product={p} />
              </li>
            ))
          : Array.from({ length: places }, (_, i) => (
              <li key={i} className="w-40 shrink-0 md:w-auto">
                <Skeleton className="h-[264px] md:h-[364px]" />
              </li>
            ))}
      </ul>
    </section>
  );
}

export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  return <ProductRow id="related-heading" title="You may also like" products={products} />;
}
