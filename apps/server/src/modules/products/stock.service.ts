import type { Db, Tx } from '../../db/client.js';
import type { Answer, Pipeline } from '../../db/pipeline.js';
import { AppError } from '../../lib/app-error.js';
import {
  findProductsByIds,
  lowStockRows,
  findVariantsOfProducts,
  productStockLeft,
  returnProductStock,
  returnVariantStock,
  takeProductStock,
  takeVariantStock,
  variantStockLeft,
} from './stock.repository.js';

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
  /**
   * What orders may be priced from: the products asked for and every size of them, as stored now
   * (all of them, so a line without a size of a product sold in sizes can be told apart).
   */
  async forOrder(db: Db, productIds: readonly string[]) {
    if (!productIds.length) return { products: [], variants: [] };
    const [found, variants] = await Promise.all([
      findProductsByIds(db, productIds),
      findVariantsOfProducts(db, productIds),
    ]);
    return { products: found, variants };
  }

  /**
   * Takes every line's quantity, or nothing: reading the answer throws 409 naming the first line
   * short of stock (or a product no longer available) and what is left of it, which ends the
   * caller's transaction. The takes are sent in row order, like releases, so holds and releases
   * cannot deadlock one another.
   */
  hold(pipeline: Pipeline, tx: Tx, lines: readonly (StockLine & { name: string })[]): Answer<Promise<void>> {
    const taken = inRowOrder(lines).map((line) => ({
      line,
      rows: pipeline.add(
        line.variantId
          ? takeVariantStock(tx, line.variantId, line.qty)
          : takeProductStock(tx, line.productId, line.qty),
      ),
    }));
    return async () => {
      const short = taken.find((t) => t.rows().length === 0);
      if (short) throw outOfStock(short.line.name, await this.left(tx, short.line));
    };
  }

  /** Gives the lines' quantities back (a product or variant deleted since is skipped). */
  async release(tx: Tx, lines: readonly StockLine[]): Promise<void> {
    for (const line of inRowOrder(lines)) {
      if (line.variantId) {
        await returnVariantStock(tx, line.variantId, line.qty);
      } else {
        await returnProductStock(tx, line.productId, line.qty);
      }
    }
  }

  /** Products and sizes on sale with fewer than `threshold` left: the lowest `limit`, and how many in all. */
  async lowStock(db: Db, threshold: number, limit: number) {
    const rows = await lowStockRows(db, threshold, limit);
    return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...item }) => item) };
  }

  /** The 409 for a line priced from what is stored but already short before its hold. */
  shortOf(name: string, left: number): AppError {
    return outOfStock(name, left);
  }

  private async left(tx: Tx, line: StockLine): Promise<number> {
    const [row] = line.variantId
      ? await variantStockLeft(tx, line.variantId)
      : await productStockLeft(tx, line.productId);
    return row?.n ?? 0;
  }
}
