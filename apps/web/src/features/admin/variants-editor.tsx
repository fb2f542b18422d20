import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { SingleImageField, type Upload } from './image-fields.js';
import { emptyVariant, fieldId, type ProductFormErrors, type VariantDraft } from './product-form.js';

/**
 * The product's variants (a half-kilo and a 1 Kg cake, say). Name, price and count in stock are
 * required, the image is not. An existing variant keeps its `_id`: carts refer to it.
 */
export function VariantsEditor({
  variants,
  onChange,
  errors,
  upload,
}: {
  variants: VariantDraft[];
  onChange: (variants: VariantDraft[]) => void;
  errors: ProductFormErrors;
  upload: Upload;
}) {
  const edit = (i: number, patch: Partial<VariantDraft>) =>
    onChange(variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <div className="flex flex-col gap-4">
      {variants.length === 0 ? (
        <p className="text-sm text-neutral-600">No variants: the product is sold as it is.</p>
      ) : null}
      {variants.map((v, i) => (
        <fieldset key={v.key} className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3">
          <legend className="px-1 text-sm font-semibold text-neutral-900">Variant {i + 1}</legend>
          <Field
            label="Variant name"
            id={fieldId.variant(i, 'name')}
            required
            value={v.name}
            error={errors[fieldId.variant(i, 'name')]}
            onChange={(e) => edit(i, { name: e.target.value })}
          />
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="Variant price"
              id={fieldId.variant(i, 'price')}
              required
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={v.price}
              error={errors[fieldId.variant(i, 'price')]}
              onChange={(e) => edit(i, { price: e.target.value })}
            />
            <Field
              label="Variant count in stock"
              id={fieldId.variant(i, 'countInStock')}
              required
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={v.countInStock}
              error={errors[fieldId.variant(i, 'countInStock')]}
              onChange={(e) => edit(i, { countInStock: e.target.value })}
            />
          </div>
          <SingleImageField
            label="Variant image"
            uploadLabel={`Upload variant ${i + 1} image`}
            value={v.image}
            onChange={(image) => edit(i, { image })}
            upload={upload}
          />
          <Button
            variant="ghost"
            size="sm"
            className="w-fit text-red-700 hover:bg-red-50"
            onClick={() => onChange(variants.filter((_, j) => j !== i))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove Variant<span className="sr-only"> {i + 1}</span>
          </Button>
        </fieldset>
      ))}
      <Button variant="outline" className="w-fit" onClick={() => onChange([...variants, emptyVariant()])}>
        <Plus className="size-4" aria-hidden="true" />
        Add New Variant
      </Button>
    </div>
  );
}
