import { useId } from 'react';
import { cn } from '../../../lib/cn.js';
import { defaultOrder, type ListingFilters, type SortField, type SortOrder } from '../filters-url.js';

interface SortChoice {
  label: string;
  /** Absent for the API's own order: relevance to the keyword, or newest first without one. */
  sortBy?: SortField;
  order?: SortOrder;
}

/**
 * The sorts a shopper picks most, each one the URL's sortBy and order. The first is the API's own
 * order, which needs no parameter: by relevance for a search, else newest first, so without a
 * keyword 'Newest' is that order rather than a second button for the same list.
 */
function sortChoices(keyword: string | undefined): SortChoice[] {
  return [
    { label: keyword ? 'Relevance' : 'Newest' },
    { label: 'Price: low to high', sortBy: 'price', order: 'asc' },
    { label: 'Price: high to low', sortBy: 'price', order: 'desc' },
    { label: 'Top rated', sortBy: 'rating', order: 'desc' },
    ...(keyword ? [{ label: 'Newest', sortBy: 'createdAt', order: 'desc' } as const] : []),
  ];
}

/** Which list a sort gives, so that `sortBy=rating` and `sortBy=rating&order=desc` count as one. */
function listOrder({ sortBy, order }: Pick<ListingFilters, 'sortBy' | 'order'>, keyword: string | undefined): string {
  if (!sortBy) return keyword ? 'relevance' : 'createdAt:desc';
  return `${sortBy}:${order ?? defaultOrder(sortBy)}`;
}

interface SortChoicesProps {
  filters: ListingFilters;
  onChange(filters: ListingFilters): void;
}

/**
 * One-tap sorts above the results, applied at once; the filter panel's 'Sort by' and 'Order' read
 * the same URL. A sort the row does not offer (by name, say) leaves every button unpressed.
 */
export function SortChoices({ filters, onChange }: SortChoicesProps) {
  const labelId = useId();
  const current = listOrder(filters, filters.keyword);
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="shrink-0 text-sm font-semibold text-neutral-900">
        Sort by
      </span>
      {/* One line that scrolls sideways on a phone, to the screen's edge, the page never wider than it. */}
      <div
        role="group"
        aria-labelledby={labelId}
        className="-my-1 -mr-4 flex min-w-0 gap-2 overflow-x-auto py-1 pr-4 [scrollbar-width:none] md:mr-0 md:pr-0"
      >
        {sortChoices(filters.keyword).map((choice) => {
          const pressed = listOrder(choice, filters.keyword) === current;
          return (
            <button
              key={choice.label}
              type="button"
              aria-pressed={pressed}
              onClick={() => {
                if (!pressed) onChange({ ...filters, sortBy: choice.sortBy, order: choice.order });
              }}
              className={cn(
                'h-9 shrink-0 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
                pressed
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-neutral-300 bg-white text-neutral-800 hover:border-brand-600 hover:text-brand-700',
              )}
            >
              {choice.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
