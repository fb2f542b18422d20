import { Plus, Trash2 } from 'lucide-react';
import { OPTION_TEXT_MAX } from '@store/domain';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { Checkbox } from './form-controls.js';
import { emptyOption, fieldId, type OptionDraft, type ProductFormErrors } from './product-form.js';

/**
 * What a shopper may add to each unit: a yes/no choice ('Eggless' +₹50) or a line of text
 * ('Message on cake', up to 30 characters, free). An existing option keeps its `_id`: carts refer
 * to it.
 */
export function OptionsEditor({
  options,
  onChange,
  errors,
}: {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  errors: ProductFormErrors;
}) {
  const edit = (i: number, patch: Partial<OptionDraft>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <div className="flex flex-col gap-4">
      {options.length === 0 ? (
        <p className="text-sm text-neutral-600">No options: shoppers buy the product as it is.</p>
      ) : null}
      {options.map((o, i) => (
        <fieldset key={o.key} className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3">
          <legend className="px-1 text-sm font-semibold text-neutral-900">
            Option {i + 1}: {o.kind === 'choice' ? 'yes/no choice' : 'text'}
          </legend>
          <Field
            label="Option name"
            id={fieldId.option(i, 'name')}
            placeholder={o.kind === 'choice' ? 'Eggless' : 'Message on cake'}
            value={o.name}
            error={errors[fieldId.option(i, 'name')]}
            onChange={(e) => edit(i, { name: e.target.value })}
          />
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="Extra price per unit (₹)"
              id={fieldId.option(i, 'price')}
              optional
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="Free"
              value={o.price}
              error={errors[fieldId.option(i, 'price')]}
              onChange={(e) => edit(i, { price: e.target.value })}
            />
            {o.kind === 'text' ? (
              <Field
                label="Character limit"
                id={fieldId.option(i, 'maxLength')}
                type="number"
                inputMode="numeric"
                min={1}
                max={OPTION_TEXT_MAX}
                step={1}
                value={o.maxLength}
                error={errors[fieldId.option(i, 'maxLength')]}
                onChange={(e) => edit(i, { maxLength: e.target.value })}
              />
            ) : null}
          </div>
          {o.kind === 'text' ? (
            <Checkbox
              label="Required: every order must carry the text"
              checked={o.required}
              onCheckedChange={(required) => edit(i, { required })}
            />
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="w-fit text-red-700 hover:bg-red-50"
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove Option<span className="sr-only"> {i + 1}</span>
          </Button>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" className="w-fit" onClick={() => onChange([...options, emptyOption('choice')])}>
          <Plus className="size-4" aria-hidden="true" />
          Add Yes/No Option
        </Button>
        <Button variant="outline" className="w-fit" onClick={() => onChange([...options, emptyOption('text')])}>
          <Plus className="size-4" aria-hidden="true" />
          Add Text Option
        </Button>
      </div>
    </div>
  );
}
