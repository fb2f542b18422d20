import { Plus } from 'lucide-react';
import { OPTION_TEXT_MAX } from '@store/domain';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { DraftRows } from './draft-rows.js';
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
  return (
    <DraftRows
      rows={options}
      onChange={onChange}
      what="Option"
      none="No options: shoppers buy the product as it is."
      idOf={fieldId.option}
      errors={errors}
      legend={(o) => (o.kind === 'choice' ? 'yes/no choice' : 'text')}
      row={(o, _i, { edit, field }) => (
        <>
          <Field
            label="Option name"
            placeholder={o.kind === 'choice' ? 'Eggless' : 'Message on cake'}
            {...field('name')}
          />
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="Extra price per unit (₹)"
              optional
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="Free"
              {...field('price')}
            />
            {o.kind === 'text' ? (
              <Field
                label="Character limit"
                type="number"
                inputMode="numeric"
                min={1}
                max={OPTION_TEXT_MAX}
                step={1}
                {...field('maxLength')}
              />
            ) : null}
          </div>
          {o.kind === 'text' ? (
            <Checkbox
              label="Required: every order must carry the text"
              checked={o.required}
              onCheckedChange={(required) => edit({ required })}
            />
          ) : null}
        </>
      )}
    >
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
    </DraftRows>
  );
}
