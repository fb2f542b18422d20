import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { DraftRows } from './draft-rows.js';
import { SingleImageField, type Upload } from './image-fields.js';
import { emptyVariant, fieldId, type ProductFormErrors, type VariantDraft } from './product-form.js';

/**
 * The product's variants (a half-kilo and a 1 Kg cake, say). Name and price are required, and a new
 * variant's count in stock to start with; the image is not. An existing variant keeps its `_id`
 * (carts refer to it), and its stock changes by adjustment, not here (ADR 065).
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
  return (
    <DraftRows
      rows={variants}
      onChange={onChange}
      what="Variant"
      none="No variants: the product is sold as it is."
      idOf={fieldId.variant}
      errors={errors}
      row={(v, i, { edit, field }) => (
        <>
          <Field label="Variant name" required {...field('name')} />
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="Variant price"
              required
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              {...field('price')}
            />
            {v._id ? null : (
              <Field
                label="Variant count in stock"
                hint="Its stock to start with."
                required
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...field('countInStock')}
              />
            )}
          </div>
          <SingleImageField
            label="Variant image"
            uploadLabel={`Upload variant ${i + 1} image`}
            value={v.image}
            onChange={(image) => edit({ image })}
            upload={upload}
          />
        </>
      )}
    >
      <Button variant="outline" className="w-fit" onClick={() => onChange([...variants, emptyVariant()])}>
        <Plus className="size-4" aria-hidden="true" />
        Add New Variant
      </Button>
    </DraftRows>
  );
}
