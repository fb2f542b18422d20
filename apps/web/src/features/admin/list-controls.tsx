import { useId, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { ADMIN_MAX_PAGE_SIZE } from '@store/contracts';
import { Button } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/media-query.js';
import { LoadError } from '../../components/ui/load-error.js';
import { AdminTable, cellClasses, EmptyNote, Loading } from './admin-page.js';
import { controlClasses, labelClasses } from './form-controls.js';

/** A whole page number from the URL; anything else is page 1. */
function pageOf(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** A page size the server takes; not offered on screen, but a link or a test may ask for one. */
export const isPageSize = (v: string) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= ADMIN_MAX_PAGE_SIZE;

/** The list states' keys that order or size the pages rather than choose rows. */
const ARRANGES = new Set(['sort', 'order', 'pageSize']);

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
    /**
     * A filter or search set: an empty list then says nothing matches rather than 'yet'. A sort or
     * page size only arranges the rows, so with one of them alone an empty list is still empty.
     */
    filtered: keys.some((k) => !ARRANGES.has(k) && values[k] !== ''),
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

/** A filter's labelled control, in the row above a list. */
function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
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

const filterControlClasses = cn(controlClasses, 'w-auto min-w-36');

/** A filter's select: a choice applies at once, unlike the search box, so there is no button. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={filterControlClasses}>
          {children}
        </select>
      )}
    </FilterField>
  );
}

function DateField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onChange(e.target.value)}
          className={filterControlClasses}
        />
      )}
    </FilterField>
  );
}

/** Two day filters, both ends included; each bounds the other's picker so the range cannot be reversed. */
export function DateRangeFilter({
  labels: [fromLabel, toLabel],
  list: { values, set },
}: {
  labels: [from: string, to: string];
  list: { values: { from: string; to: string }; set: (patch: { from: string } | { to: string }) => void };
}) {
  return (
    <>
      <DateField label={fromLabel} value={values.from} max={values.to} onChange={(from) => set({ from })} />
      <DateField label={toLabel} value={values.to} min={values.from} onChange={(to) => set({ to })} />
    </>
  );
}

/** How a list is sorted, and how a column heading changes it. */
interface Sorting {
  sort: string;
  order: 'asc' | 'desc';
  onSort: (column: string, order: 'asc' | 'desc') => void;
}

/** A list's sort as its URL state holds it: `fallback` descending when the URL names none. */
export function sortingOf(
  list: { values: { sort: string; order: string }; set: (patch: { sort: string; order: string }) => void },
  fallback: string,
): Sorting {
  const { sort, order } = list.values;
  return {
    sort: sort || fallback,
    order: order === 'asc' || order === 'desc' ? order : 'desc',
    onSort: (column, next) => list.set({ sort: column, order: next }),
  };
}

/**
 * A column heading that sorts the list by its column: the first click sorts the way the column is
 * usually read (`first`), the next reverses it. `aria-sort` tells screen readers which way it is.
 */
export function SortTh({
  children,
  column,
  first,
  sorting: { sort, order, onSort },
}: {
  children: string;
  column: string;
  first: 'asc' | 'desc';
  sorting: Sorting;
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

/** One way a list can be sorted, as a select names it: a column and its direction. */
export interface SortChoice {
  column: string;
  order: 'asc' | 'desc';
  label: string;
}

/**
 * The list's sort as one select, for a phone: its cards have no column headings to click. The URL
 * holds the sort as the headings set it, so turning the phone round keeps it.
 */
export function SortSelect({ sorting, choices }: { sorting: Sorting; choices: readonly SortChoice[] }) {
  const valueOf = (c: { column: string; order: string }) => `${c.column} ${c.order}`;
  return (
    <FilterSelect
      label="Sort by"
      value={valueOf({ column: sorting.sort, order: sorting.order })}
      onChange={(value) => {
        const chosen = choices.find((c) => valueOf(c) === value);
        if (chosen) sorting.onSort(chosen.column, chosen.order);
      }}
    >
      {choices.map((c) => (
        <option key={valueOf(c)} value={valueOf(c)}>
          {c.label}
        </option>
      ))}
    </FilterSelect>
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

/** One page of a list as the server sends it; `totalCapped` where it stops counting. */
interface RowPage<Row> {
  rows: Row[];
  page: number;
  pages: number;
  total: number;
  totalCapped?: boolean;
}

/**
 * A URL-state list below its filters: loading, failed with 'Try again', empty, or its rows and
 * pager. The queries keep the last page while the next loads, so it stays on screen, dimmed,
 * rather than flashing back to grey bars on every filter or page.
 */
export function PagedList<Row>({
  list,
  load,
  loading,
  failed,
  what,
  none,
  label,
  head,
  children,
  cards,
}: {
  list: { filtered: boolean; hrefOfPage: (n: number) => string };
  load: UseQueryResult<RowPage<Row>>;
  /** What is loading, as 'Loading {loading}…' reads. */
  loading: string;
  /** What did not load, as LoadError's sentence names it. */
  failed: string;
  /** The rows, as the pager and the empty list name them: 'orders', 'changes'. */
  what: string;
  /** Said when the list is empty and nothing is set; a list that is never empty then has none. */
  none?: string;
  /** The table's accessible name. */
  label: string;
  head: ReactNode;
  children: (rows: Row[]) => ReactNode;
  /** The rows as cards, shown in place of the table on a phone, where its columns would not fit. */
  cards?: (rows: Row[]) => ReactNode;
}) {
  const phone = useMediaQuery(MOBILE_QUERY);
  if (load.isPending) return <Loading what={loading} />;
  if (load.isError) return <LoadError what={failed} load={load} />;
  const { rows, page, pages, total, totalCapped } = load.data;
  if (rows.length === 0) {
    // Rows on other pages: a bookmark from when the list was longer.
    if (total > 0) return <EmptyNote>{`No ${what} on this page.`}</EmptyNote>;
    return <EmptyNote>{list.filtered || !none ? `No ${what} match these filters.` : none}</EmptyNote>;
  }
  return (
    <div className={cn('flex flex-col gap-3', load.isPlaceholderData && 'opacity-60')}>
      {phone && cards ? (
        cards(rows)
      ) : (
        <AdminTable label={label} head={head}>
          {children(rows)}
        </AdminTable>
      )}
      <ListPager what={what} page={page} pages={pages} total={total} more={totalCapped} hrefOfPage={list.hrefOfPage} />
    </div>
  );
}
