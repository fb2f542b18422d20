import { formatInr, messageLength, rupeesToPaise } from '@store/domain';
import type { ProductOptionView } from '@store/contracts';
import { Field } from '../../components/ui/field.js';
import { cn } from '../../lib/cn.js';

/** What the shopper has chosen so far: a choice ticked, or a text as typed, by option id. */
export type OptionValues = Record<string, boolean | string>;

const plus = (rupees: number) => (rupees > 0 ? `+${formatInr(rupeesToPaise(rupees))}` : 'Free');

export const optionFieldId = (scope: string, optionId: string) => `${scope}-option-${optionId}`;

/**
 * 'Eggless +₹50' as a ticked card, 'Message on cake' as a text field with its characters counted
 * the way the server counts them (a Malayalam letter with its vowel sign, an emoji: one each).
 */
export function OptionPicker({
  legend,
  options,
  values,
  errors,
  onChange,
  scope,
}: {
  legend: string;
  options: readonly ProductOptionView[];
  values: OptionValues;
  /** By option id. */
  errors: Record<string, string>;
  onChange: (id: string, value: boolean | string) => void;
  /** Keeps field ids unique on the page. */
  scope: string;
}) {
  const choices = options.filter((o) => o.kind === 'choice');
  const texts = options.filter((o) => o.kind === 'text');
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-neutral-900">{legend}</legend>
      {choices.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {choices.map((o) => {
            const checked = values[o._id] === true;
            return (
              <label
                key={o._id}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  checked ? 'border-brand-600 bg-brand-50' : 'border-neutral-300 bg-white hover:border-neutral-400',
                )}
              >
                <input
                  type="checkbox"
                  id={optionFieldId(scope, o._id)}
                  checked={checked}
                  onChange={(e) => onChange(o._id, e.target.checked)}
                  className="size-4 accent-brand-600"
                />
                <span className="font-medium text-neutral-900">{o.name}</span>
                <span className="text-neutral-700">{plus(o.price)}</span>
              </label>
            );
          })}
        </div>
      ) : null}
      {texts.map((o) => {
        const text = typeof values[o._id] === 'string' ? (values[o._id] as string) : '';
        return (
          <Field
            key={o._id}
            id={optionFieldId(scope, o._id)}
            label={o.price > 0 ? `${o.name} (${plus(o.price)})` : o.name}
            optional={!o.required}
            value={text}
            autoComplete="off"
            error={errors[o._id]}
            hint={`${messageLength(text.trim())}/${o.maxLength} characters`}
            onChange={(e) => onChange(o._id, e.target.value)}
          />
        );
      })}
    </fieldset>
  );
}
