import { Minus, Plus } from 'lucide-react';
import { clampQty } from '../../stores/cart-store.js';

interface QuantityStepperProps {
  value: number;
  max: number;
  onChange(value: number): void;
  disabled?: boolean;
}

/** Minus and plus around the quantity, bounded 1..stock (spec section 5). */
export function QuantityStepper({ value, max, onChange, disabled = false }: QuantityStepperProps) {
  const set = (next: number) => onChange(clampQty(next, max));
  return (
    <div
      role="group"
      aria-label="Quantity"
      className="inline-flex h-10 items-center rounded-md border border-neutral-300"
    >
      <button
        type="button"
        aria-label="Decrease quantity"
        onClick={() => set(value - 1)}
        disabled={disabled || value <= 1}
        className="flex h-full w-10 items-center justify-center rounded-l-md hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-400 disabled:hover:bg-transparent"
      >
        <Minus className="h-4 w-4" aria-hidden="true" />
      </button>
      <output aria-label="Quantity" className="w-10 text-center text-sm font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        onClick={() => set(value + 1)}
        disabled={disabled || value >= max}
        className="flex h-full w-10 items-center justify-center rounded-r-md hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-400 disabled:hover:bg-transparent"
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
