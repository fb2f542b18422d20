import { z } from 'zod';
import {
  STOCK_ADJUSTMENT_REASONS,
  STOCK_LEDGER_REASONS,
  STOCK_NOTE_MAX,
  STOCK_REASON_LABELS,
  stockChangeProblem,
} from '@store/domain';
import { idSchema, safeText } from './common.js';
import { pageOf, paging } from './admin-lists.js';

const REASONS = STOCK_ADJUSTMENT_REASONS.map((r) => `'${r}' (${STOCK_REASON_LABELS[r]})`).join(', ');

/**
 * `POST /api/products/{id}/stock-adjustments`: units in (+10 received) or out (−2 damaged) of the
 * product, or of one of its sizes, applied to the figure as it is when the request arrives (ADR 065).
 */
export const stockAdjustmentInputSchema = z
  .object({
    sizeId: idSchema.nullable().optional().describe("One of the product's sizes (variants); left out, the product"),
    change: z
      .number({ message: 'Change must be a whole number other than 0' })
      .describe('Units in (above 0) or out (below 0)'),
    reason: z.enum(STOCK_ADJUSTMENT_REASONS, { message: `Reason must be one of ${REASONS}` }),
    note: safeText({ message: 'Note must be text' })
      .trim()
      .max(STOCK_NOTE_MAX, `Note must be at most ${STOCK_NOTE_MAX} characters`)
      .default(''),
  })
  .superRefine((a, ctx) => {
    const problem = stockChangeProblem(a.reason, a.change);
    if (problem) ctx.addIssue({ code: 'custom', path: ['change'], message: problem });
  });
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentInputSchema>;

/** One row of a product's stock ledger: who changed what by how much, and why. */
export const stockAdjustmentSchema = z.object({
  _id: z.string(),
  at: z.iso.datetime(),
  /** The admin, and their email when they acted: the account may have changed or gone since. */
  actor: z.object({ _id: z.uuid(), email: z.string() }),
  size: z
    .object({ _id: z.uuid(), name: z.string() })
    .nullable()
    .describe('The size adjusted, by its name then (it may be gone since); null for the product'),
  reason: z.enum(STOCK_LEDGER_REASONS),
  note: z.string(),
  change: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

/** What an adjustment answers: its ledger row, and the product's stock and each size's as they are now. */
export const stockAdjustmentResultSchema = z.object({
  adjustment: stockAdjustmentSchema,
  countInStock: z.number().int(),
  variants: z.array(z.object({ _id: z.uuid(), countInStock: z.number().int() })),
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResultSchema>;

export const stockLedgerQuerySchema = z.object({ page: paging.page, pageSize: paging.pageSize });
export type StockLedgerQuery = z.infer<typeof stockLedgerQuerySchema>;

export const stockLedgerPageSchema = pageOf(stockAdjustmentSchema);
export type StockLedgerPage = z.infer<typeof stockLedgerPageSchema>;
