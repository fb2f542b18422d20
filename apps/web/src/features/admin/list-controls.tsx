import { useId, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { ADMIN_MAX_PAGE_SIZE } from '@store/contracts';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { cellClasses } from './admin-page.js';
import { controlClasses, labelClasses } from './form-controls.js';

/** A whole page number from the URL; anything else is page 1. */
function pageOf(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** A page size the server takes; not offered on screen, but a link or a test may ask for one. */
export const isPageSize = (v: string) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= ADMIN_MAX_PAGE_SIZE;

/**
 * A list's search, filters, sort and page, kept in the URL's query string: each change is a new
 * history entry, so back and forward walk through them and a reload shows the same rows. Values
 * outside `allowed` are ignored rather than sent, so a hand-edited URL cannot break the page.
 */
export function useListState<K extends string>(allowed: Record<K, (value: string) => boolean>) {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(allowed) as K[];
  const values = Object.fromEntries(
    keys.map((k) => {
      const v = params.get(k) ?? '';
      return [k, v !== '' && allowed[k](v) ? v : ''];
    }),
  ) as Record<K, string>;
  const page = pageOf(params.get('page'));

  /** The query string for these values and page, in a fixed order, defaults left out. */
  function searchOf(next: Record<K, string>, nextPage: number): string {
    const query = new URLSearchParams();
    for (const k of keys) if (next[k]) query.set(k, next[k]);
    if (nextPage > 1) query.set('page', String(nextPage));
    return query.toString();
  }

  return {
    values,
    page,
    /** The list's state as the API's query string (the page included). */
    search: searchOf(values, page),
    /** The filters alone, as the CSV export takes them. */
    filterSearch: searchOf(values, 1),
    /** A new search, filter or sort goes back to page 1: the old page may not exist any more. */
    set(patch: Partial<Record<K, string>>) {
      setParams(searchOf({ ...values, ...patch }, 1));
    },
    hrefOfPage(n: number) {
      return `?${searchOf(values, n)}`;
    },
  };
}

/** The search box: sent on Enter or the button, not on every key, so each search is one history entry. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSearch(String(new FormData(e.currentTarget).get('q') ?? '').trim());
  }
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 basis-64 flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <div className="flex gap-2">
        {/* Keyed by the URL's value: back and forward put that search back in the box. */}
        <input
          key={value}
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          placeholder={placeholder}
          className={controlClasses}
        />
        <Button type="submit" variant="outline" aria-label="Search" className="h-10 shrink-0">
          <Search className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

/** A filter's labelled select or date input, in the row above a list. */
export function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export const filterControlClasses = cn(controlClasses, 'w-auto min-w-36');

/**
 * A column heading that sorts the list by its column: the first click sorts the way the column is
 * usually read (`first`), the next reverses it. `aria-sort` tells screen readers which way it is.
 */
export function SortTh({
  children,
  column,
  sort,
  order,
  first,
  onSort,
}: {
  children: string;
  column: string;
  sort: string;
  order: 'asc' | 'desc';
  first: 'asc' | 'desc';
  onSort: (column: string, order: 'asc' | 'desc') => void;
}) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={cellClasses}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(column, active ? (order === 'asc' ? 'desc' : 'asc') : first)}
        className="inline-flex items-center gap-1 font-semibold tracking-wide hover:text-neutral-900"
      >
        {children}
        <Icon className={cn('size-3.5', !active && 'opacity-40')} aria-hidden="true" />
      </button>
    </th>
  );
}

/**
 * Previous and next with where the list is; only when there is more than one page. `more` says the
 * server stopped counting: `pages` and `total` are then at least that many.
 */
export function ListPager({
  what,
  page,
  pages,
  total,
  more = false,
  hrefOfPage,
}: {
  what: string;
  page: number;
  pages: number;
  total: number;
  more?: boolean;
  hrefOfPage: (n: number) => string;
}) {
  if (pages <= 1 && !more) return null;
  const plus = more ? '+' : '';
  const link = 'rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-neutral-50';
  return (
    <nav aria-label={`Pages of ${what}`} className="flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefOfPage(Math.min(page - 1, pages))} className={link}>
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-neutral-700">{`Page ${page} of ${pages}${plus} (${total}${plus} ${what})`}</span>
      {page < pages || more ? (
        <Link to={hrefOfPage(page + 1)} className={link}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
