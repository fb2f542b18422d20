import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, X, Check } from 'lucide-react';
import { formatInr, rupeesToPaise } from '@store/domain';
import { buttonClasses } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';

/** Rupees as the API gives them → '₹1,299'. */
export const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

export { formatDate } from '../../lib/format.js';

/** The first eight characters of an id: enough to tell rows apart; the whole id is in the tooltip. */
export function ShortId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs" title={id}>
      {id.slice(0, 8)}
      <span aria-hidden="true">…</span>
    </span>
  );
}

/** A red cross for 'no' (not paid, not delivered, not an admin), named for screen readers. */
export function Cross({ label }: { label: string }) {
  return (
    <span className="inline-flex text-red-700" title={label}>
      <X className="size-5" aria-hidden="true" strokeWidth={2.5} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function Tick({ label }: { label: string }) {
  return (
    <span className="inline-flex text-leaf-600" title={label}>
      <Check className="size-5" aria-hidden="true" strokeWidth={2.5} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** An admin screen: its heading, an optional action beside it, then the content. */
export function AdminPage({
  title,
  action,
  back,
  children,
  narrow,
}: {
  title: string;
  action?: ReactNode;
  /** A 'Go Back' link above the heading. */
  back?: string;
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <div className={cn('mx-auto flex flex-col gap-5 px-4 py-6 md:py-10', narrow ? 'max-w-xl' : 'max-w-7xl')}>
      {back ? (
        <Link to={back} className={cn(buttonClasses('outline', 'sm'), 'w-fit print:hidden')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Go Back
        </Link>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">{title}</h1>
        {action}
      </div>
      {children}
    </div>
  );
}

/** Rows of grey bars while a list or form loads, said once to screen readers. */
export function Loading({ what, rows = 6 }: { what: string; rows?: number }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <span className="sr-only" role="status">
        Loading {what}…
      </span>
      {Array.from({ length: rows }, (_, n) => (
        <Skeleton key={n} className="h-11" />
      ))}
    </div>
  );
}

/** What a list says in place of its table when it has no rows. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-neutral-300 px-6 py-10 text-center text-neutral-700">
      {children}
    </p>
  );
}

export const cellClasses = 'px-3 py-2.5 whitespace-nowrap';

/**
 * A wide table in a bordered box that scrolls inside itself (sideways on a phone, down on a long
 * list) with its header row kept in view; named by the page heading for keyboard scrolling.
 */
export function AdminTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative max-h-[calc(100vh-12rem)] overflow-auto rounded-xl border border-neutral-200"
    >
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 z-10 bg-neutral-100 text-xs font-semibold tracking-wide text-neutral-700 shadow-[0_1px_0_var(--color-neutral-200)]">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 [&>tr]:h-15 [&>tr:nth-child(even)]:bg-neutral-50">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A column heading of an admin table; `hidden` ones (the actions column) are named for screen readers only. */
export function Th({ children, hidden }: { children: string; hidden?: boolean }) {
  return (
    <th scope="col" className={cellClasses}>
      {hidden ? <span className="sr-only">{children}</span> : children}
    </th>
  );
}
