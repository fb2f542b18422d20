import { useRef, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn.js';

const STARS = [1, 2, 3, 4, 5] as const;

interface RatingPickerProps {
  value: number | undefined;
  onChange(value: number | undefined): void;
}

/**
 * Minimum rating chosen by stars: a radio group (one tab stop, arrow keys move and choose, as
 * for native radio buttons) and an 'Any' button to go back to no minimum.
 */
export function RatingPicker({ value, onChange }: RatingPickerProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (star: number) => {
    onChange(star);
    buttons.current[star - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, star: number) => {
    const moves: Record<string, number> = {
      ArrowRight: star + 1,
      ArrowUp: star + 1,
      ArrowLeft: star - 1,
      ArrowDown: star - 1,
      Home: 1,
      End: 5,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(((next + 4) % 5) + 1);
  };

  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <span id="filter-rating-label" className="text-sm font-semibold text-neutral-900">
          Minimum rating
        </span>
        {value !== undefined && (
          <button
            type="button"
            onClick={() => onChange(undefined)}
            className="rounded text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Any
          </button>
        )}
      </div>
      <div className="flex items-center gap-2">
        <div role="radiogroup" aria-labelledby="filter-rating-label" className="flex">
          {STARS.map((star) => (
            <button
              key={star}
              ref={(el) => {
                buttons.current[star - 1] = el;
              }}
              type="button"
              role="radio"
              aria-checked={value === star}
              aria-label={star === 1 ? '1 star & up' : `${star} stars & up`}
              tabIndex={star === (value ?? 1) ? 0 : -1}
              onClick={() => onChange(star)}
              onKeyDown={(e) => onKeyDown(e, star)}
              className="rounded p-0.5 text-amber-500 hover:scale-110"
            >
              <Star
                className={cn('h-6 w-6', value === undefined || star > value ? 'text-neutral-300' : 'text-amber-500')}
                fill={value !== undefined && star <= value ? 'currentColor' : 'none'}
                aria-hidden="true"
              />
            </button>
          ))}
        </div>
        <span className="text-sm text-neutral-700" aria-hidden="true">
          {value === undefined ? 'Any' : `${value}★ & up`}
        </span>
      </div>
    </div>
  );
}
