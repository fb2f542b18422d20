import { useId, useState } from 'react';
import { ChevronDown, CircleAlert } from 'lucide-react';
import {
  billingAddressProblem,
  BUYER_NAME_MAX,
  BUYER_NAME_REQUIRED,
  gstinProblem,
  normaliseBillingAddress,
  normaliseGstin,
} from '@store/domain';
import { Field } from '../../components/ui/field.js';
import { ApiError } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';

export const BUYER_FIELDS = ['buyerGstin', 'buyerName', 'buyerAddress'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];
export type BuyerErrors = Partial<Record<BuyerField, string>>;

/** What goes with the order: all three for a registered business, none for a consumer. */
export type BusinessBuyer = { buyerGstin: string; buyerName: string; buyerAddress: string } | null;

/**
 * The GSTIN box of /placeorder and, once a GSTIN is typed, the business's name and billing address
 * as registered, which its tax invoice must print (CGST rule 46(d)).
 */
export function useBusinessBuyer() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ gstin: '', name: '', address: '' });
  const [errors, setErrors] = useState<BuyerErrors>({});
  const ids: Record<BuyerField, string> = {
    buyerGstin: `${id}-gstin`,
    buyerName: `${id}-name`,
    buyerAddress: `${id}-address`,
  };

  const focusFirst = (found: BuyerErrors) => {
    const first = BUYER_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  /** The buyer to send, or the problems found (shown and focused), checked as the server checks them. */
  function check(): { ok: true; buyer: BusinessBuyer } | { ok: false } {
    const gstin = open ? normaliseGstin(values.gstin) : '';
    if (!gstin) {
      setErrors({});
      return { ok: true, buyer: null };
    }
    const name = values.name.trim();
    const address = normaliseBillingAddress(values.address);
    const found: BuyerErrors = {};
    const gstinIssue = gstinProblem(gstin);
    const addressIssue = billingAddressProblem(address);
    if (gstinIssue) found.buyerGstin = gstinIssue;
    if (!name) found.buyerName = BUYER_NAME_REQUIRED;
    if (addressIssue) found.buyerAddress = addressIssue;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return { ok: false };
    }
    return { ok: true, buyer: { buyerGstin: gstin, buyerName: name, buyerAddress: address } };
  }

  /** A 400 about these fields: shown under them. Returns whether it was about them. */
  function refusedByServer(err: unknown): boolean {
    if (!(err instanceof ApiError) || err.status !== 400 || !Array.isArray(err.details)) return false;
    const found: BuyerErrors = {};
    for (const detail of err.details as { field?: unknown; message?: unknown }[]) {
      const field = BUYER_FIELDS.find((f) => f === detail?.field);
      if (field && typeof detail.message === 'string') found[field] ??= detail.message;
    }
    if (Object.keys(found).length === 0) return false;
    setErrors(found);
    focusFirst(found);
    return true;
  }

  const change = (key: keyof typeof values, field: BuyerField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return { id, open, setOpen, values, errors, ids, change, check, refusedByServer };
}

export function BusinessBuyerFields({ buyer }: { buyer: ReturnType<typeof useBusinessBuyer> }) {
  const { id, open, setOpen, values, errors, ids, change } = buyer;
  const addressHint = `${ids.buyerAddress}-hint`;
  const addressError = `${ids.buyerAddress}-error`;
  const withGstin = values.gstin.trim() !== '';
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline"
      >
        Add GSTIN for a business purchase
        <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      {open ? (
        <div id={`${id}-panel`} className="mt-3 flex max-w-sm flex-col gap-4">
          <Field
            id={ids.buyerGstin}
            label="GSTIN"
            optional
            value={values.gstin}
            onChange={(e) => change('gstin', 'buyerGstin', e.target.value)}
            error={errors.buyerGstin}
            hint="Printed on your tax invoice with your business's registered name and address, so it can claim the GST."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            className="[&_input]:uppercase"
          />
          {withGstin ? (
            <>
              <Field
                id={ids.buyerName}
                label="Registered business name"
                value={values.name}
                onChange={(e) => change('name', 'buyerName', e.target.value)}
                error={errors.buyerName}
                hint="The legal name on your GST registration."
                autoComplete="organization"
                maxLength={BUYER_NAME_MAX}
              />
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.buyerAddress} className="text-sm font-medium text-neutral-900">
                  Billing address
                </label>
                <textarea
                  id={ids.buyerAddress}
                  rows={3}
                  value={values.address}
                  onChange={(e) => change('address', 'buyerAddress', e.target.value)}
                  aria-invalid={errors.buyerAddress ? true : undefined}
                  aria-describedby={[errors.buyerAddress ? addressError : null, addressHint].filter(Boolean).join(' ')}
                  autoComplete="off"
                  className={cn(
                    'w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm placeholder:text-neutral-500 focus:border-brand-600 focus:outline-none',
                    errors.buyerAddress && 'border-red-600 focus:border-red-700',
                  )}
                />
                {errors.buyerAddress ? (
                  <p id={addressError} className="flex items-start gap-1.5 text-sm text-red-700">
                    <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {errors.buyerAddress}
                  </p>
                ) : null}
                <p id={addressHint} className="text-xs text-neutral-600">
                  As on your GST registration, with the PIN code.
                </p>
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
