/**
 * A product's stock as admins change it (ADR 065): never by writing a figure they read, always by
 * a change relative to the figure as it is now, with the reason for it. Orders take and give back
 * stock on their own; these are the shop's reasons.
 */
export const STOCK_ADJUSTMENT_REASONS = ['received', 'damaged', 'correction', 'returned'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

/** Every reason a stock ledger row can give: the admin's, and the stock a product or size started with. */
export const STOCK_LEDGER_REASONS = ['initial', ...STOCK_ADJUSTMENT_REASONS] as const;
export type StockLedgerReason = (typeof STOCK_LEDGER_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockLedgerReason, string> = {
  initial: 'Initial stock',
  received: 'Received',
  damaged: 'Damaged',
  correction: 'Count correction',
  returned: 'Returned',
};

/** The most a product or one size may hold: what the edit form's figures are checked against. */
export const MAX_STOCK = 100_000;

/** What a note on an adjustment may hold ('delivery from Kochi Bloom House'). */
export const STOCK_NOTE_MAX = 200;

/**
 * Why this change cannot have this reason, in words for the admin; null when it can. Stock that
 * was received or returned comes in, damaged stock goes out, a count correction goes either way.
 */
export function stockChangeProblem(reason: StockAdjustmentReason, change: number): string | null {
  if (!Number.isInteger(change) || change === 0) return 'Change must be a whole number other than 0';
  if (Math.abs(change) > MAX_STOCK) return `Change must be at most ${MAX_STOCK} either way`;
  if ((reason === 'received' || reason === 'returned') && change < 0) {
    return `${STOCK_REASON_LABELS[reason]} stock comes in: the change must be above 0`;
  }
  if (reason === 'damaged' && change > 0) return 'Damaged stock goes out: the change must be below 0';
  return null;
}

/**
 * Why the change cannot be applied to what is in stock now (`left`), in words for the admin; null
 * when it can. Going below nothing means someone counted wrong or orders took the units first.
 */
export function stockLevelProblem(left: number, change: number): string | null {
  const after = left + change;
  if (after < 0) {
    return left === 0
      ? `Nothing is in stock: cannot take away ${-change}`
      : `Only ${left} in stock: cannot take away ${-change}`;
  }
  if (after > MAX_STOCK) return `That would make ${after} in stock; at most ${MAX_STOCK}`;
  return null;
}

/**
 * Why a save cannot send back this stock figure, in words for the admin; null when it is what is
 * in stock now (or was not sent). A save never writes stock (ADR 065): a figure that differs was
 * read before orders or an adjustment moved it, or is meant to set the stock, which only an
 * adjustment does. `size` names a size of the product; null for the product itself.
 */
export function staleStockProblem(size: string | null, sent: number | undefined, now: number): string | null {
  if (sent === undefined || sent === now) return null;
  const what = size === null ? 'Stock' : `Stock of ${size}`;
  return `${what} changed since you opened it: ${now} in stock now, not ${sent}. Stock changes only by adjustment.`;
}
