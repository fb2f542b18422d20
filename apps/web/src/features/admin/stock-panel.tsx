import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminProduct, StockAdjustment } from '@store/contracts';
import {
  STOCK_ADJUSTMENT_REASONS,
  STOCK_NOTE_MAX,
  STOCK_REASON_LABELS,
  stockChangeProblem,
  type StockAdjustmentReason,
} from '@store/domain';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { LoadError } from '../../components/ui/load-error.js';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { formatDateTime } from '../../lib/format.js';
import { queryKeys } from '../../lib/query-client.js';
import { adjustStock, useStockLedger } from './admin-api.js';
import { cellClasses, EmptyNote, Loading } from './admin-page.js';
import { fieldErrorsOf, type FieldMessages } from '../../lib/field-errors.js';
import { FormSection, SelectField } from './form-controls.js';

type AdjustField = 'sizeId' | 'change' | 'reason' | 'note';
const ADJUST_FIELDS = ['sizeId', 'change', 'reason', 'note'] as const;

/** '+10', '−2' (a minus sign, not a hyphen). */
export const signed = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);

/**
 * The product's stock beside its edit form (ADR 065): the figures as they are now, 'Adjust stock'
 * (units in or out, with the reason) and the ledger of every change. The form never writes stock:
 * orders take it while the form is open, so a figure read then would undo them.
 */
export function StockPanel({ product }: { product: AdminProduct }) {
  return (
    <FormSection title="Stock">
      <p className="text-sm text-neutral-600">
        Orders take stock when they are placed and give it back if they expire unpaid. Change it here by what came in or
        went out; saving the product never changes it.
      </p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-neutral-700">Count In Stock</dt>
        <dd className="font-semibold text-neutral-900 tabular-nums">{product.countInStock}</dd>
        {product.variants.map((v) => (
          <div key={v._id} className="contents">
            <dt className="text-neutral-700">{v.name}</dt>
            <dd className="font-semibold text-neutral-900 tabular-nums">{v.countInStock}</dd>
          </div>
        ))}
      </dl>
      <AdjustStock product={product} />
      <StockLedger productId={product._id} />
    </FormSection>
  );
}

function AdjustStock({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [sizeId, setSizeId] = useState('');
  const [change, setChange] = useState('');
  const [reason, setReason] = useState<StockAdjustmentReason>('received');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldMessages<AdjustField>>({});
  const [pending, setPending] = useState(false);
  const sizes = product.variants;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const units = Number(change);
    const problem =
      change.trim() === '' ? 'Change is required' : stockChangeProblem(reason, Number.isFinite(units) ? units : NaN);
    if (problem) {
      setErrors({ change: problem });
      (e.currentTarget.elements.namedItem('change') as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { adjustment } = await adjustStock(product._id, {
        ...(sizeId ? { sizeId } : {}),
        change: units,
        reason,
        note: note.trim(),
      });
      const what = adjustment.size ? `${product.name} (${adjustment.size.name})` : product.name;
      toast.success(`Stock of ${what}: ${adjustment.before} → ${adjustment.after}`);
      setChange('');
      setNote('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.products });
    } catch (err) {
      const fields = fieldErrorsOf(err, ADJUST_FIELDS);
      setErrors(fields);
      if (!Object.keys(fields).length) toast.error(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      aria-label="Adjust stock"
      noValidate
      onSubmit={submit}
      aria-busy={pending}
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3"
    >
      <h3 className="text-sm font-semibold text-neutral-900">Adjust stock</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {sizes.length ? (
          <SelectField label="Of" id={`${id}-size`} value={sizeId} onChange={(e) => setSizeId(e.target.value)}>
            <option value="">The product</option>
            {sizes.map((v) => (
              <option key={v._id} value={v._id}>
                {v.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Field
          label="Change"
          name="change"
          id={`${id}-change`}
          type="number"
          inputMode="numeric"
          step={1}
          hint="+10 for ten in, −2 for two out."
          value={change}
          error={errors.change ?? errors.sizeId}
          onChange={(e) => {
            setChange(e.target.value);
            setErrors({});
          }}
        />
        <SelectField
          label="Reason"
          id={`${id}-reason`}
          value={reason}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.target.value as StockAdjustmentReason);
            setErrors({});
          }}
        >
          {STOCK_ADJUSTMENT_REASONS.map((r) => (
            <option key={r} value={r}>
              {STOCK_REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Note"
          optional
          id={`${id}-note`}
          maxLength={STOCK_NOTE_MAX}
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={pending} className="w-fit">
        {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        Adjust stock
      </Button>
    </form>
  );
}

function StockLedger({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const ledger = useStockLedger(productId, page);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-neutral-900">
        Stock ledger
      </h3>
      {ledger.isPending ? (
        <Loading what="the stock ledger" rows={3} />
      ) : ledger.isError ? (
        <LoadError what="the stock ledger" load={ledger} />
      ) : ledger.data.total === 0 ? (
        <EmptyNote>No stock changes yet.</EmptyNote>
      ) : (
        <>
          {/* Positioned, so the table's visually hidden labels (absolute) stay inside the scroll box
              instead of widening the page on a phone. */}
          <div
            role="region"
            aria-labelledby={headingId}
            tabIndex={0}
            className="relative overflow-x-auto rounded-lg border"
          >
            <table className="w-full text-left text-sm">
              <thead className="bg-neutral-100 text-xs font-semibold tracking-wide text-neutral-700">
                <tr>
                  {['WHEN (IST)', 'WHO', 'OF', 'CHANGE', 'IN STOCK', 'REASON'].map((h) => (
                    <th key={h} scope="col" className={cellClasses}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {ledger.data.rows.map((row) => (
                  <LedgerRow key={row._id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          {ledger.data.pages > 1 ? (
            <nav aria-label="Stock ledger pages" className="flex items-center gap-3 text-sm">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <span>
                Page {page} of {ledger.data.pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= ledger.data.pages}
                onClick={() => setPage(page + 1)}
              >
                Older
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function LedgerRow({ row }: { row: StockAdjustment }) {
  return (
    <tr className="align-top">
      <td className={cn(cellClasses, 'tabular-nums')}>{formatDateTime(row.at)}</td>
      <td className={cellClasses}>{row.actor.email}</td>
      <td className={cellClasses}>{row.size ? row.size.name : 'The product'}</td>
      <td className={cn(cellClasses, 'font-semibold tabular-nums', row.change < 0 ? 'text-red-800' : 'text-leaf-600')}>
        {row.reason === 'initial' ? row.after : signed(row.change)}
      </td>
      <td className={cn(cellClasses, 'tabular-nums')}>
        {row.before} <span aria-hidden="true">→</span>
        <span className="sr-only"> to</span> {row.after}
      </td>
      <td className={cn(cellClasses, 'whitespace-normal')}>
        {STOCK_REASON_LABELS[row.reason]}
        {row.note ? <span className="block text-neutral-600">{row.note}</span> : null}
      </td>
    </tr>
  );
}
