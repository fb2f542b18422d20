import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.js';

/** A titled card of the Edit Product page (Basics, Pricing, Stock, …). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 md:p-5"
    >
      <h2 id={id} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An error under an input, tied to it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

export const labelClasses = 'text-sm font-medium text-neutral-900';
export const controlClasses =
  'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-none disabled:bg-neutral-100 disabled:text-neutral-500';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: string;
  onCheckedChange: (checked: boolean) => void;
}

/** A checkbox with its label beside it; the whole row is clickable. */
export function Checkbox({ label, onCheckedChange, className, ...props }: CheckboxProps) {
  return (
    <label
      className={cn('inline-flex min-h-10 cursor-pointer items-center gap-2.5 text-sm text-neutral-900', className)}
    >
      <input
        type="checkbox"
        className="size-4 shrink-0 accent-brand-600"
        onChange={(e) => onCheckedChange(e.target.checked)}
        {...props}
      />
      {label}
    </label>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
}

export function SelectField({ label, error, id, className, children, ...props }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className={labelClasses}>
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={cn(controlClasses, error && 'border-red-600')}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${selectId}-error`}>{error}</FieldError>
    </div>
  );
}

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  rows?: number;
}

export function TextareaField({ label, id, className, rows = 4, ...props }: TextareaFieldProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={areaId} className={labelClasses}>
        {label}
      </label>
      <textarea
        id={areaId}
        rows={rows}
        className="w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
        {...props}
      />
    </div>
  );
}
