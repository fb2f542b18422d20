import { useId } from 'react';
import { formatInr, rupeesToPaise } from '@store/domain';
import type { ProductDetail } from '@store/contracts';
import { cn } from '../../lib/cn.js';

type Variant = ProductDetail['variants'][number];

interface VariantPickerProps {
  legend: string;
  variants: Variant[];
  value: string | null;
  onChange(id: string): void;
}

/** Weights of a cake, stems of a bouquet: native radios, so arrow keys move between them. */
export function VariantPicker({ legend, variants, value, onChange }: VariantPickerProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-neutral-900">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {variants.map((v) => {
          const soldOut = v.countInStock <= 0;
          return (
            <label
              key={v._id}
              className={cn(
                'relative flex min-w-24 cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                value === v._id
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-neutral-300 bg-white hover:border-neutral-400',
                soldOut && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={v._id}
                checked={value === v._id}
                disabled={soldOut}
                onChange={() => onChange(v._id)}
                className="sr-only"
              />
              <span className="font-medium text-neutral-900">{v.name}</span>
              <span className="text-neutral-700">
                {soldOut ? 'Out of stock' : formatInr(rupeesToPaise(v.discountPrice > 0 ? v.discountPrice : v.price))}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
