import { useQuery } from '@tanstack/react-query';
import type { ProductDetail, ProductSummary } from '@store/contracts';
import { productsQuery } from '../../api/products.js';
import { ProductRow } from './related-products.js';

const SUGGESTIONS = 3;

/** Each product once, and never the one on the page. */
function others(products: ProductSummary[], pageProductId: string): ProductSummary[] {
  const seen = new Set([pageProductId]);
  return products.filter((p) => {
    if (seen.has(p._id)) return false;
    seen.add(p._id);
    return true;
  });
}

/**
 * For a product that cannot reach the chosen PIN code, three that can: of its first occasion where
 * there are that many, made up from anything that can otherwise.
 */
export function ReachableInstead({
  product,
  pincode,
}: {
  product: Pick<ProductDetail, '_id' | 'occasion'>;
  pincode: string;
}) {
  const occasion = product.occasion[0];
  const alike = useQuery({
    ...productsQuery({ pincode, occasion: occasion === undefined ? undefined : [occasion] }, 1, SUGGESTIONS),
    enabled: occasion !== undefined,
  });
  const short = occasion === undefined || alike.isError || (alike.data?.products.length ?? SUGGESTIONS) < SUGGESTIONS;
  // Twice as many as needed: some may be of the occasion, and shown already.
  const anything = useQuery({ ...productsQuery({ pincode }, 1, SUGGESTIONS * 2), enabled: short });

  let products = alike.data?.products;
  if (short) {
    products = anything.isPending
      ? undefined
      : others([...(alike.data?.products ?? []), ...(anything.data?.products ?? [])], product._id).slice(
          0,
          SUGGESTIONS,
        );
  }
  return (
    <ProductRow
      id="reachable-heading"
      title={`Gifts that can reach ${pincode}`}
      products={products}
      places={SUGGESTIONS}
    />
  );
}
