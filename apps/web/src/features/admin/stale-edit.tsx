import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button.js';
import { ApiError } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';

/**
 * The thing as it is now, when a save was refused because someone saved it since the form was
 * opened (ADR 065: 409 with `details.current`); undefined for any other failure.
 */
export function staleCurrent<T>(err: unknown): T | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const details = err.details as { current?: T } | undefined;
  return typeof details === 'object' && details !== null && details.current !== undefined ? details.current : undefined;
}

/** One field of a form as the conflict view shows it. */
export interface FieldSpec<S> {
  key: keyof S & string;
  label: string;
  /** The value in words; the default shows text as it is, yes/no, lists joined. */
  show?: (value: S[keyof S]) => string;
  /** What is compared (the default: the value itself); a list of records by their ids, say. */
  compared?: (value: S[keyof S]) => unknown;
}

export interface ConflictRow {
  field: string;
  label: string;
  opened: string;
  now: string;
  mine: string;
  /** Whether the admin changed this field since opening the form. */
  edited: boolean;
}

function words(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(words).join(', ') : '—';
  return String(value);
}

const sameValue = <S,>(spec: FieldSpec<S>, a: S[keyof S], b: S[keyof S]) => {
  const compared = spec.compared ?? ((v) => v);
  return JSON.stringify(compared(a)) === JSON.stringify(compared(b));
};

/**
 * The fields that differ between the form as it was opened, the thing as it is now and the
 * admin's form: each field someone else changed, and each the admin changed.
 */
export function conflictRows<S>(fields: readonly FieldSpec<S>[], opened: S, now: S, mine: S): ConflictRow[] {
  return fields.flatMap((spec) => {
    const edited = !sameValue(spec, mine[spec.key], opened[spec.key]);
    const changed = !sameValue(spec, now[spec.key], opened[spec.key]);
    if (!edited && !changed) return [];
    const show = spec.show ?? words;
    return [
      {
        field: spec.key,
        label: spec.label,
        opened: show(opened[spec.key]),
        now: show(now[spec.key]),
        mine: show(mine[spec.key]),
        edited,
      },
    ];
  });
}

/** The form on top of the thing as it is now: the fields the admin changed as they changed them, the rest as they are now. */
export function reapply<S>(fields: readonly FieldSpec<S>[], opened: S, now: S, mine: S): S {
  const next = { ...now };
  for (const spec of fields) {
    if (!sameValue(spec, mine[spec.key], opened[spec.key])) next[spec.key] = mine[spec.key];
  }
  return next;
}

/**
 * What a stale save shows: a heading saying what changed, each field as it was when the form
 * opened, as it is now and as the admin has it, and the two ways on. Focused when it appears, so
 * a screen reader and a keyboard start there.
 */
export function ConflictReview({
  title,
  rows,
  onReapply,
  onDiscard,
  level = 2,
  className,
}: {
  title: string;
  rows: readonly ConflictRow[];
  onReapply: () => void;
  onDiscard: () => void;
  /** The heading's level where the view sits (2 on a form's page). */
  level?: 2 | 3 | 4;
  className?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  const edited = rows.some((r) => r.edited);
  const Heading = `h${level}` as const;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-neutral-900',
        className,
      )}
    >
      <Heading id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {title}
      </Heading>
      <p className="text-neutral-700">
        Someone saved it while you had it open, and nothing of yours was saved.{' '}
        {edited
          ? 'Re-apply your changes on top of what is there now, or discard them.'
          : 'You changed nothing it changed: load what is there now.'}
      </p>
      {/* The scroll box is positioned, so visually hidden labels (absolute) in the table stay inside it. */}
      {rows.length ? (
        <div className="relative overflow-x-auto rounded-lg border border-amber-200 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">What changed</caption>
            <thead className="bg-neutral-100 text-xs font-semibold tracking-wide text-neutral-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  FIELD
                </th>
                <th scope="col" className="px-3 py-2">
                  WHEN YOU OPENED IT
                </th>
                <th scope="col" className="px-3 py-2">
                  NOW
                </th>
                <th scope="col" className="px-3 py-2">
                  YOURS
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {rows.map((row) => (
                <tr key={row.field} className="align-top">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {row.label}
                  </th>
                  <td className="px-3 py-2 break-words">{row.opened}</td>
                  <td className="px-3 py-2 break-words">{row.now}</td>
                  <td className="px-3 py-2 break-words">
                    {row.edited ? row.mine : <span className="text-neutral-600">not changed</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {edited ? <Button onClick={onReapply}>Re-apply my changes</Button> : null}
        <Button variant="outline" onClick={onDiscard}>
          {edited ? 'Discard my changes' : 'Load what is there now'}
        </Button>
      </div>
    </section>
  );
}
