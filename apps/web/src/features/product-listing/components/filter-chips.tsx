import { X } from 'lucide-react';
import type { ListingFilters } from '../filters-url.js';

interface FilterChipsProps {
  filters: ListingFilters;
  onChange(filters: ListingFilters): void;
}

/**
 * Recipients and occasions have no control in the panel (they arrive from the top menu and the
 * home page), so they show as chips the shopper can remove.
 */
export function FilterChips({ filters, onChange }: FilterChipsProps) {
  const chips = [
    ...(filters.recipient ?? []).map((value) => ({ key: 'recipient' as const, value })),
    ...(filters.occasion ?? []).map((value) => ({ key: 'occasion' as const, value })),
  ];
  if (!chips.length) return null;

  const remove = (key: 'recipient' | 'occasion', value: string) => {
    const rest = (filters[key] ?? []).filter((v) => v !== value);
    onChange({ ...filters, [key]: rest.length ? rest : undefined });
  };

  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map(({ key, value }) => (
        <li key={`${key}-${value}`}>
          <span className="inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-900">
            {value}
            <button
              type="button"
              onClick={() => remove(key, value)}
              aria-label={`Remove filter ${value}`}
              className="rounded-full p-0.5 hover:bg-brand-100"
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
