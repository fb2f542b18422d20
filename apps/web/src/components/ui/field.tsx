import { useId, type InputHTMLAttributes } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { Input } from './input.js';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A standing note under the input, such as a password rule. */
  hint?: string;
  /** Marks the input invalid and says why; read out when the input takes focus. */
  error?: string;
  /** Says '(optional)' beside the label; every other field of a form is taken as required. */
  optional?: boolean;
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function Field({ label, hint, error, optional, id, className, ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-neutral-900">
        {label}
        {optional ? <span className="font-normal text-neutral-600"> (optional)</span> : null}
      </label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(error && 'border-red-600 focus:border-red-700')}
        {...props}
      />
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-neutral-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
