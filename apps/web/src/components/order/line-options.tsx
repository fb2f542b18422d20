import { optionLabel, rupeesToPaise } from '@store/domain';
import { cn } from '../../lib/cn.js';

/** An option as a cart line or an order line carries it: price in rupees per unit. */
export interface LineOption {
  name: string;
  value: string | null;
  price: number;
}

/** 'Eggless (+₹50)', 'Message on cake: “Happy birthday”' under a line's name; nothing without options. */
export function LineOptions({
  options,
  className,
}: {
  options: readonly LineOption[] | undefined;
  className?: string;
}) {
  if (!options?.length) return null;
  return (
    <ul aria-label="Options" className={cn('text-xs break-words text-neutral-700', className)}>
      {options.map((o) => (
        <li key={o.name}>{optionLabel({ name: o.name, value: o.value, price: rupeesToPaise(o.price) })}</li>
      ))}
    </ul>
  );
}
