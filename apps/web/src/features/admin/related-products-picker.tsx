import { useEffect, useId, useState } from 'react';
import { LoaderCircle, Search, X } from 'lucide-react';
import type { ProductSummary } from '@store/contracts';
import { Input } from '../../components/ui/input.js';
import { labelClasses } from './form-controls.js';
import { useProductSearch } from './admin-api.js';

/** The value once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * Recommended products: search by name (GET /api/products/search), pick from the list under the
 * box, remove with ×. The product itself and ones already chosen are not offered.
 */
export function RelatedProductsPicker({
  productId,
  value,
  onChange,
}: {
  productId: string;
  value: ProductSummary[];
  onChange: (products: ProductSummary[]) => void;
}) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim(), 250);
  const search = useProductSearch(settled);
  const chosen = new Set([productId, ...value.map((p) => p._id)]);
  const results = (search.data ?? []).filter((p) => !chosen.has(p._id));
  const open = keyword.trim() !== '';
  const waiting = open && (settled !== keyword.trim() || search.isFetching);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className={labelClasses}>
        Recommended Products
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={keyword}
          placeholder="Search products by name"
          autoComplete="off"
          aria-describedby={`${id}-results`}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
            if (e.key === 'Escape') setKeyword('');
          }}
          className="pl-9"
        />
        {open ? (
          <div
            id={`${id}-results`}
            aria-live="polite"
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-1 shadow-lg"
          >
            {waiting && results.length === 0 ? (
              <p className="flex items-center gap-2 px-3 py-2 text-sm text-neutral-600">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                Searching…
              </p>
            ) : search.isError ? (
              <p className="px-3 py-2 text-sm text-red-700">Search failed; try again.</p>
            ) : results.length === 0 ? (
              <p className="px-3 py-2 text-sm text-neutral-600">No products found</p>
            ) : (
              <ul aria-label="Matching products">
                {results.map((p) => (
                  <li key={p._id}>
                    <button
                      type="button"
                      onClick={() => {
                        onChange([...value, p]);
                        setKeyword('');
                      }}
                      className="flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-brand-50"
                    >
                      <img
                        src={p.optimizedImages.thumbnail || p.image}
                        alt=""
                        width={32}
                        height={32}
                        className="size-8 shrink-0 rounded bg-neutral-100 object-cover"
                      />
                      <span className="min-w-0 flex-1 truncate">{p.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
      {value.length > 0 ? (
        <ul aria-label="Recommended products chosen" className="flex flex-col gap-1.5">
          {value.map((p) => (
            <li
              key={p._id}
              className="flex items-center gap-3 rounded-md border border-neutral-200 bg-white px-2 py-1.5 text-sm"
            >
              <img
                src={p.optimizedImages.thumbnail || p.image}
                alt=""
                width={32}
                height={32}
                className="size-8 shrink-0 rounded bg-neutral-100 object-cover"
              />
              <span className="min-w-0 flex-1 truncate">{p.name}</span>
              <button
                type="button"
                aria-label={`Remove ${p.name}`}
                onClick={() => onChange(value.filter((q) => q._id !== p._id))}
                className="grid size-8 place-items-center rounded-md text-neutral-600 hover:bg-red-50 hover:text-red-700"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-neutral-600">None chosen.</p>
      )}
    </div>
  );
}
