import type { ProductSummary } from '@store/contracts';

/**
 * Deals products out category by category (a flower, a cake, a chocolate, a combo, then round
 * again), keeping each category's own order. The carousel and the grid below both start from
 * the newest products; mixing the carousel keeps the two from opening with the same cards.
 */
export function mixByCategory(products: ProductSummary[]): ProductSummary[] {
  const groups = new Map<string, ProductSummary[]>();
  for (const product of products) {
    const group = groups.get(product.category);
    if (group) group.push(product);
    else groups.set(product.category, [product]);
  }
  const queues = [...groups.values()];
  const mixed: ProductSummary[] = [];
  for (let round = 0; mixed.length < products.length; round++) {
    for (const queue of queues) {
      const product = queue[round];
      if (product) mixed.push(product);
    }
  }
  return mixed;
}
