import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { productVariants, products } from './products.table.js';

/** A quantity of one product, or of one of its variants, that an order holds. */
export interface StockLine {
  productId: string;
  variantId: string | null;
  qty: number;
}

/** The order rows are updated in, by holding and releasing alike, so the two cannot deadlock. */
const rowKey = (line: StockLine) => `${line.productId}:${line.variantId}`;
const inRowOrder = <L extends StockLine>(lines: readonly L[]) =>
  [...lines].sort((a, b) => rowKey(a).localeCompare(rowKey(b)));

function outOfStock(name: string, left: number): AppError {
  return new AppError('CONFLICT', left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`, {
    available: left,
  });
}

/**
 * The products module's stock, as orders use it: held in the order's transaction, released in the
 * transaction that ends the order unpaid. Paying confirms a hold without touching stock. Each runs
 * in the caller's transaction, whose own status change (placed, expired, cancelled) is what makes
 * a hold or a release happen exactly once; delivery-slot places and coupon uses follow the same
 * hold / release shape.
 */
export class StockService {
  /** What orders may be priced from: the products and variants asked for, as stored now. */
  async forOrder(db: Db, productIds: readonly string[], variantIds: readonly string[]) {
    const [found, variants] = await Promise.all([
      productIds.length
        ? db
            .select()
            .from(products)
            .where(inArray(products.id, [...productIds]))
        : [],
      variantIds.length
        ? db
            .select()
            .from(productVariants)
            .where(inArray(productVariants.id, [...variantIds]))
        : [],
    ]);
    return { products: found, variants };
  }

  /**
   * Takes every line's quantity, or nothing: a line short of stock (or a product no longer
   * available) ends the caller's transaction with 409 naming it and what is left.
   */
  async hold(tx: Tx, lines: readonly (StockLine & { name: string })[]): Promise<void> {
    for (const line of inRowOrder(lines)) {
      const taken = line.variantId
        ? await tx
            .update(productVariants)
            .set({ countInStock: sql`${productVariants.countInStock} - ${line.qty}` })
            .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.countInStock} >= ${line.qty}`))
            .returning({ id: productVariants.id })
        : await tx
            .update(products)
            .set({ countInStock: sql`${products.countInStock} - ${line.qty}` })
            .where(
              and(
                eq(products.id, line.productId),
                eq(products.available, true),
                sql`${products.countInStock} >= ${line.qty}`,
              ),
            )
            .returning({ id: products.id });
      if (taken.length === 0) throw outOfStock(line.name, await this.left(tx, line));
    }
  }

  /** Gives the lines' quantities back (a product or variant deleted since is skipped). */
  async release(tx: Tx, lines: readonly StockLine[]): Promise<void> {
    for (const line of inRowOrder(lines)) {
      if (line.variantId) {
        await tx
          .update(productVariants)
          .set({ countInStock: sql`${productVariants.countInStock} + ${line.qty}` })
          .where(eq(productVariants.id, line.variantId));
      } else {
        await tx
          .update(products)
          .set({ countInStock: sql`${products.countInStock} + ${line.qty}` })
          .where(eq(products.id, line.productId));
      }
    }
  }

  /** The 409 for a line priced from what is stored but already short before its hold. */
  shortOf(name: string, left: number): AppError {
    return outOfStock(name, left);
  }

  private async left(tx: Tx, line: StockLine): Promise<number> {
    const [row] = line.variantId
      ? await tx
          .select({ n: productVariants.countInStock })
          .from(productVariants)
          .where(eq(productVariants.id, line.variantId))
      : await tx.select({ n: products.countInStock }).from(products).where(eq(products.id, line.productId));
    return row?.n ?? 0;
  }
}
