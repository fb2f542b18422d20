import type { ChangeEvent, ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import type { ProductFormErrors } from './product-form.js';

/**
 * A product's list of drafts (its variants, its options), each in a box of its own named
 * '{what} {n}', with a Remove button named the same way so each is told apart by a screen reader.
 * `field` ties one of a row's text inputs to its value, error and edit through its form id, which
 * is also where validation files the error.
 */
export function DraftRows<K extends string, T extends { key: string } & Record<K, string>>({
  rows,
  onChange,
  what,
  none,
  idOf,
  errors,
  legend,
  row: rowFields,
  children,
}: {
  rows: T[];
  onChange: (rows: T[]) => void;
  what: string;
  /** Said when there are no rows. */
  none: string;
  idOf: (i: number, field: K) => string;
  errors: ProductFormErrors;
  /** What the legend says after '{what} {n}: '. */
  legend?: (row: T) => string;
  row: (
    row: T,
    i: number,
    tools: {
      edit: (patch: Partial<T>) => void;
      field: (name: K) => {
        id: string;
        value: string;
        error: string | undefined;
        onChange: (e: ChangeEvent<HTMLInputElement>) => void;
      };
    },
  ) => ReactNode;
  /** The add buttons, under the rows. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? <p className="text-sm text-neutral-600">{none}</p> : null}
      {rows.map((row, i) => {
        const edit = (patch: Partial<T>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
        const field = (name: K) => ({
          id: idOf(i, name),
          value: row[name],
          error: errors[idOf(i, name)],
          onChange: (e: ChangeEvent<HTMLInputElement>) => edit({ [name]: e.target.value } as Partial<T>),
        });
        return (
          <fieldset
            key={row.key}
            className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3"
          >
            <legend className="px-1 text-sm font-semibold text-neutral-900">
              {what} {i + 1}
              {legend ? `: ${legend(row)}` : null}
            </legend>
            {rowFields(row, i, { edit, field })}
            <Button
              variant="ghost"
              size="sm"
              className="w-fit text-red-700 hover:bg-red-50"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove {what}
              <span className="sr-only"> {i + 1}</span>
            </Button>
          </fieldset>
        );
      })}
      {children}
    </div>
  );
}
