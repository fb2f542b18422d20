import { Slider } from 'radix-ui';
import { formatInr, rupeesToPaise } from '@store/domain';
import { PRICE_MAX, PRICE_MIN, PRICE_STEP } from '../filters-url.js';

interface PriceRangeProps {
  minPrice: number | undefined;
  maxPrice: number | undefined;
  onChange(range: { minPrice: number | undefined; maxPrice: number | undefined }): void;
}

/** The top of the scale means "no upper limit", so it reads '₹10,000+'. */
function priceText(rupees: number): string {
  return rupees >= PRICE_MAX ? `${formatInr(rupeesToPaise(PRICE_MAX))}+` : formatInr(rupeesToPaise(rupees));
}

/** Price range on a two-thumb slider, 0 to 10000 in steps of 500 (spec section 9). */
export function PriceRange({ minPrice, maxPrice, onChange }: PriceRangeProps) {
  const low = minPrice ?? PRICE_MIN;
  const high = maxPrice ?? PRICE_MAX;

  return (
    <div>
      <div className="mb-3 flex items-center justify-between">
        <span id="filter-price-label" className="text-sm font-semibold text-neutral-900">
          Price range
        </span>
        <span className="text-sm text-neutral-700">
          {priceText(low)} – {priceText(high)}
        </span>
      </div>
      <Slider.Root
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={PRICE_STEP}
        value={[low, high]}
        onValueChange={([from = PRICE_MIN, to = PRICE_MAX]) =>
          onChange({
            minPrice: from > PRICE_MIN ? from : undefined,
            maxPrice: to < PRICE_MAX ? to : undefined,
          })
        }
        aria-labelledby="filter-price-label"
        className="relative flex h-5 w-full touch-none items-center select-none"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-neutral-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="Minimum price"
          aria-valuetext={priceText(low)}
          className="block h-6 w-6 cursor-grab md:h-5 md:w-5 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:ring-4 focus-visible:ring-brand-100"
        />
        <Slider.Thumb
          aria-label="Maximum price"
          aria-valuetext={priceText(high)}
          className="block h-6 w-6 cursor-grab md:h-5 md:w-5 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:ring-4 focus-visible:ring-brand-100"
        />
      </Slider.Root>
    </div>
  );
}
