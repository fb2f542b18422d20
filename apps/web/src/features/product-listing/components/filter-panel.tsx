import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { useCatalog } from '../../../api/products.js';
import {
  defaultOrder,
  SORT_FIELDS,
  SORT_ORDERS,
  withCategory,
  type ListingFilters,
  type SortField,
} from '../filters-url.js';
import { ColorSwatches } from './color-swatches.js';
import { PriceRange } from './price-range.js';
import { RatingPicker } from './rating-picker.js';

const SORT_LABELS: Record<SortField, string> = {
  price: 'Price',
  rating: 'Rating',
  name: 'Name',
  createdAt: 'Date added',
};
const ORDER_LABELS = { asc: 'Ascending', desc: 'Descending' } as const;

const selectClasses =
  'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus:border-brand-600 focus:outline-none disabled:bg-neutral-100 disabled:text-neutral-500';

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-semibold text-neutral-900">
        {label}
      </label>
      {children}
    </div>
  );
}

interface FilterPanelProps {
  /** The filters in force (from the URL); the panel edits a copy until 'Apply Filters'. */
  applied: ListingFilters;
  onApply(filters: ListingFilters): void;
}

/** The listing's filter form (spec "Product listing"): nothing reaches the URL before 'Apply Filters'. */
export function FilterPanel({ applied, onApply }: FilterPanelProps) {
  const { data: catalog } = useCatalog();
  const [draft, setDraft] = useState<ListingFilters>(applied);
  const id = useId();
  const update = (change: Partial<ListingFilters>) => setDraft((current) => ({ ...current, ...change }));

  // A link may name only a subcategory (the product page's breadcrumb does); show it under its category.
  const category =
    draft.category ??
    catalog?.categories.find((c) => draft.subcategory && c.subcategories.includes(draft.subcategory))?.name;
  const subcategories = catalog?.categories.find((c) => c.name === category)?.subcategories ?? [];
  const palette = category ? catalog?.colorPalettes[category] : undefined;
  const order = draft.order ?? (draft.sortBy ? defaultOrder(draft.sortBy) : 'desc');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, category, keyword: draft.keyword?.trim() || undefined });
  };

  return (
    <form onSubmit={submit} aria-label="Product filters" className="flex flex-col gap-5">
      <Field label="Search" htmlFor={`${id}-keyword`}>
        <Input
          id={`${id}-keyword`}
          type="search"
          placeholder="Roses, chocolate cake…"
          value={draft.keyword ?? ''}
          onChange={(e) => update({ keyword: e.target.value })}
        />
      </Field>

      <Field label="Category" htmlFor={`${id}-category`}>
        <select
          id={`${id}-category`}
          className={selectClasses}
          value={category ?? ''}
          onChange={(e) => setDraft((current) => withCategory(current, e.target.value || undefined))}
        >
          <option value="">Show All Products</option>
          {catalog?.categories.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
          {category && !catalog?.categories.some((c) => c.name === category) && (
            <option value={category}>{category}</option>
          )}
        </select>
      </Field>

      {category && (
        <Field label="Subcategory" htmlFor={`${id}-subcategory`}>
          <select
            id={`${id}-subcategory`}
            className={selectClasses}
            value={draft.subcategory ?? ''}
            onChange={(e) => update({ category, subcategory: e.target.value || undefined })}
          >
            <option value="">Show All</option>
            {subcategories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
      )}

      {palette && palette.length > 0 && (
        <ColorSwatches
          palette={palette}
          selected={draft.color ?? []}
          onChange={(color) => update({ category, color: color.length ? color : undefined })}
        />
      )}

      <RatingPicker value={draft.minRating} onChange={(minRating) => update({ minRating })} />

      <PriceRange minPrice={draft.minPrice} maxPrice={draft.maxPrice} onChange={update} />

      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-neutral-900">
        <input
          type="checkbox"
          checked={draft.sameDayDelivery ?? false}
          onChange={(e) => update({ sameDayDelivery: e.target.checked || undefined })}
          className="h-4 w-4 accent-brand-600"
        />
        Same day delivery
      </label>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-1">
        <Field label="Sort by" htmlFor={`${id}-sort`}>
          <select
            id={`${id}-sort`}
            className={selectClasses}
            value={draft.sortBy ?? ''}
            onChange={(e) => update({ sortBy: SORT_FIELDS.find((f) => f === e.target.value) })}
          >
            <option value="">Relevance</option>
            {SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {SORT_LABELS[field]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Order" htmlFor={`${id}-order`}>
          <select
            id={`${id}-order`}
            className={selectClasses}
            value={order}
            disabled={!draft.sortBy}
            onChange={(e) => update({ order: SORT_ORDERS.find((o) => o === e.target.value) })}
          >
            {SORT_ORDERS.map((o) => (
              <option key={o} value={o}>
                {ORDER_LABELS[o]}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <Button type="submit" size="lg" className="w-full">
        Apply Filters
      </Button>
    </form>
  );
}
