import { useId } from 'react';
import { Popover } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { Checkbox, labelClasses } from './form-controls.js';

/** How many chosen items the closed select shows before '+ n more'. */
const SHOWN = 3;

export interface MultiSelectProps {
  label: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  /** Shown when nothing is chosen (or, when disabled, why not). */
  placeholder?: string;
  id?: string;
}

/**
 * A select of several values: a button showing up to three chosen items and '+ n more', opening a
 * list of checkboxes. The button is named by the label and what it shows.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  disabled,
  placeholder = 'Select…',
  id,
}: MultiSelectProps) {
  const autoId = useId();
  const triggerId = id ?? autoId;
  const labelId = `${triggerId}-label`;
  const valueId = `${triggerId}-value`;
  // A stored value the vocabulary no longer has is listed too, so it can be unticked (the server
  // refuses to save it).
  const listed = [...options, ...value.filter((v) => !options.includes(v))];
  const shown = value.slice(0, SHOWN);
  const more = value.length - shown.length;

  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option));

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className={labelClasses}>
        {label}
      </span>
      <Popover.Root modal={false}>
        <Popover.Trigger
          id={triggerId}
          disabled={disabled}
          aria-labelledby={`${labelId} ${valueId}`}
          className={cn(
            'flex min-h-10 w-full items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-left text-sm',
            'focus:border-brand-600 focus:outline-none disabled:cursor-not-allowed disabled:bg-neutral-100',
            'data-[state=open]:border-brand-600',
          )}
        >
          <span id={valueId} className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
            {value.length === 0 ? (
              <span className="text-neutral-600">{placeholder}</span>
            ) : (
              <>
                {shown.map((v) => (
                  <span
                    key={v}
                    className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-900"
                  >
                    {v}
                  </span>
                ))}
                {more > 0 ? <span className="text-xs font-medium text-neutral-700">+ {more} more</span> : null}
              </>
            )}
          </span>
          <ChevronDown className="size-4 shrink-0 text-neutral-600" aria-hidden="true" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-h-72 w-[var(--radix-popover-trigger-width)] min-w-56 overflow-y-auto rounded-lg border border-neutral-200 bg-white p-2 shadow-lg"
          >
            <fieldset className="flex flex-col">
              <legend className="sr-only">{label}</legend>
              {listed.map((option) => (
                <Checkbox
                  key={option}
                  label={option}
                  checked={value.includes(option)}
                  onCheckedChange={(checked) => toggle(option, checked)}
                  className={cn(
                    'rounded-md px-2 hover:bg-neutral-50',
                    !options.includes(option) && 'text-red-800 line-through decoration-red-700',
                  )}
                />
              ))}
            </fieldset>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
