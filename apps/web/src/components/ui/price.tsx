import { formatInr, rupeesToPaise } from '@store/domain';
import { cn } from '../../lib/cn.js';

/** '₹1,299', or the original struck through beside the discount price when one is in force. */
export function Price({
  price,
  discountPrice,
  className,
}: {
  price: number;
  discountPrice: number;
  className?: string;
}) {
  if (discountPrice > 0) {
    return (
      <span className={cn('inline-flex flex-wrap items-baseline gap-x-2', className)}>
        <span className="font-semibold text-neutral-900">{formatInr(rupeesToPaise(discountPrice))}</span>
        <s className="text-sm text-neutral-600">
          <span className="sr-only">was </span>
          {formatInr(rupeesToPaise(price))}
        </s>
      </span>
    );
  }
  return <span className={cn('font-semibold text-neutral-900', className)}>{formatInr(rupeesToPaise(price))}</span>;
}
