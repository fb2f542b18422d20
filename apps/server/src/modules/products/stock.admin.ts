import { STOCK_REASON_LABELS, stockLevelProblem } from '@store/domain';
import {
  listPage,
  pageWindow,
  type StockAdjustment,
  type StockAdjustmentInput,
  type StockAdjustmentResult,
  type StockLedgerPage,
  type StockLedgerQuery,
} from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  adjustProductStock,
  adjustVariantStock,
  countStockLedger,
  insertStockAdjustments,
  stockLedgerPage,
  stockOf,
  type NewStockAdjustment,
  type StockAdjustmentRow,
} from './stock.repository.js';

const NO_SUCH_SIZE = 'This product has no such size';
const STOCK_MOVED_MEANWHILE = 'The stock changed while this was applied; please try again';

export function toStockAdjustment(row: StockAdjustmentRow): StockAdjustment {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actor: { _id: row.actorId, email: row.actorEmail },
    size: row.variantId === null ? null : { _id: row.variantId, name: row.variantName ?? '' },
    reason: row.reason,
    note: row.note,
    change: row.change,
    before: row.before,
    after: row.after,
  };
}

/** The ledger row of the stock a product, or a new size of it, starts with. */
export function initialStock(
  actor: SessionUser,
  productId: string,
  countInStock: number,
  size?: { id: string; name: string },
): NewStockAdjustment {
  return {
    productId,
    variantId: size?.id ?? null,
    variantName: size?.name ?? null,
    actorId: actor.id,
    actorEmail: actor.email,
    reason: 'initial',
    change: countInStock,
    before: 0,
    after: countInStock,
  };
}

/**
 * Stock as admins change it (ADR 065): by a change relative to the figure as it is when the row is
 * locked, never by writing back a figure read earlier, so orders taking stock meanwhile are never
 * undone, and adjustments made at once add up. Each is a row of the product's ledger and of the
 * audit trail, written in its own transaction.
 */
export class StockAdmin {
  constructor(private readonly db: Db) {}

  async adjust(actor: SessionUser, productId: string, input: StockAdjustmentInput): Promise<StockAdjustmentResult> {
    const sizeId = input.sizeId ?? null;
    const adjustment = await this.db.transaction(async (tx) => {
      const [applied] = sizeId
        ? await adjustVariantStock(tx, productId, sizeId, input.change)
        : await adjustProductStock(tx, productId, input.change);
      if (!applied) throw await this.refusal(tx, productId, sizeId, input.change);
      const before = applied.after - input.change;
      const [row] = await insertStockAdjustments(tx, [
        {
          productId,
          variantId: sizeId,
          variantName: sizeId ? applied.name : null,
          actorId: actor.id,
          actorEmail: actor.email,
          reason: input.reason,
          note: input.note,
          change: input.change,
          before,
          after: applied.after,
        },
      ]);
      // A size's figure is named by the size, as a slot type's settings are by the type.
      const field = sizeId ? `${applied.name}.countInStock` : 'countInStock';
      await recordAudit(tx, {
        actor,
        action: 'product.stock',
        entityId: productId,
        label: sizeId ? (await stockOf(tx, productId))!.name : applied.name,
        before: { [field]: before },
        after: { [field]: applied.after },
        note: input.note ? `${STOCK_REASON_LABELS[input.reason]}: ${input.note}` : STOCK_REASON_LABELS[input.reason],
      });
      return row!;
    });
    const now = (await stockOf(this.db, productId))!;
    return {
      adjustment: toStockAdjustment(adjustment),
      countInStock: now.countInStock,
      variants: now.variants.map((v) => ({ _id: v.id, countInStock: v.countInStock })),
    };
  }

  /** Why nothing was adjusted: the product or size is not there (404), or the stock cannot go that far (409). */
  private async refusal(tx: Tx, productId: string, sizeId: string | null, change: number): Promise<AppError> {
    const stock = await stockOf(tx, productId);
    if (!stock) return notFound('Product not found');
    const size = sizeId ? stock.variants.find((v) => v.id === sizeId) : undefined;
    if (sizeId && !size) return new AppError('NOT_FOUND', NO_SUCH_SIZE, [{ field: 'sizeId', message: NO_SUCH_SIZE }]);
    // Orders may have moved the figure since the update found it out of bounds; then it is worth another try.
    const message = stockLevelProblem(size ? size.countInStock : stock.countInStock, change) ?? STOCK_MOVED_MEANWHILE;
    return new AppError('CONFLICT', message, [{ field: 'change', message }]);
  }

  /** The product's ledger, newest first, a page at a time. */
  async ledger(productId: string, query: StockLedgerQuery): Promise<StockLedgerPage> {
    if (!(await stockOf(this.db, productId))) throw notFound('Product not found');
    const [rows, total] = await Promise.all([
      stockLedgerPage(this.db, productId, pageWindow(query)),
      countStockLedger(this.db, productId),
    ]);
    return listPage(rows.map(toStockAdjustment), query, total);
  }
}
