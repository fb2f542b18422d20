import type { ProductSummary } from '@store/contracts';
import { ProductCard } from '../../components/product/product-card.js';

export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-xl font-semibold text-neutral-900 md:text-2xl">
        You may also like
      </h2>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2 md:grid md:grid-cols-4 md:overflow-visible">
        {products.map((p) => (
          <li key={p._id} className="w-40 shrink-0 snap-start md:w-auto">
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
