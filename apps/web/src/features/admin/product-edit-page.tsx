import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminProduct } from '@store/contracts';
import {
  ARRANGEMENT_STYLES,
  CATEGORIES,
  FRAGRANCES,
  FULFILMENT_KINDS,
  FULFILMENT_LABELS,
  GST_RATES,
  MATERIALS,
  OCCASIONS,
  RECIPIENTS,
  SAMPLE_PRODUCT_NAME,
  subcategoriesOf,
  VENDORS,
} from '@store/domain';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { errorMessage } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';
import { recheckShown } from '../../lib/field-errors.js';
import { usePageTitle } from '../../lib/page-title.js';
import { adminKeys, updateProduct, useAdminProduct } from './admin-api.js';
import { AdminPage, Loading } from './admin-page.js';
import { LoadError } from '../../components/ui/load-error.js';
import { ColorSwatches } from './color-swatches.js';
import { Checkbox, FormSection, labelClasses, SelectField, TextareaField } from './form-controls.js';
import { ProductImagesField, SingleImageField, useUploads } from './image-fields.js';
import { MultiSelect } from './multi-select.js';
import {
  addTags,
  fieldId,
  formFromProduct,
  PRODUCT_FIELDS,
  productPayload,
  validateProductForm,
  withCategory,
  withSubCategories,
  type ProductFormErrors,
  type ProductFormState,
} from './product-form.js';
import { RelatedProductsPicker } from './related-products-picker.js';
import { TagInput } from './tag-input.js';
import { OptionsEditor } from './options-editor.js';
import { VariantsEditor } from './variants-editor.js';
import { ConflictReview, conflictRows, reapply, staleCurrent } from './stale-edit.js';
import { StockPanel } from './stock-panel.js';

/** /admin/product/:id/edit: every field of a product, saved with one PUT. */
export function ProductEditPage() {
  usePageTitle('Edit Product');
  const { id = '' } = useParams();
  const product = useAdminProduct(id);
  return (
    <AdminPage title="Edit Product" back="/admin/productlist">
      {product.isPending ? (
        <Loading what="the product" />
      ) : product.isError ? (
        <LoadError what="this product" load={product} />
      ) : (
        <>
          {/* Filled once from the product as loaded; a refetch in the background never wipes what is typed. */}
          <ProductForm key={product.data._id} product={product.data} />
          {/* Outside the form, and live: stock moves by adjustment, never by the form's save (ADR 065). */}
          <StockPanel product={product.data} />
        </>
      )}
    </AdminPage>
  );
}

/** Moves focus to the first input, in page order, whose id has an error. */
function focusFirst(form: HTMLFormElement | null, errors: ProductFormErrors): void {
  const first = [...(form?.querySelectorAll<HTMLElement>('[id]') ?? [])].find((el) => errors[el.id]);
  first?.focus();
}

function ProductForm({ product: loaded }: { product: AdminProduct }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  // The product the form stands on: its version goes with the save, whatever a refetch in the
  // background brings meanwhile; after a stale save, the product as it is now.
  const [product, setProduct] = useState(loaded);
  const [form, setForm] = useState<ProductFormState>(() => formFromProduct(product));
  // A save refused because someone saved the product since: the product as it is now, and why.
  const [conflict, setConflict] = useState<{ current: AdminProduct; message: string } | null>(null);
  const [reapplied, setReapplied] = useState(false);
  const [tagText, setTagText] = useState('');
  // What the last Update found wrong; shown as the form is now, so a fixed field's message goes.
  const [found, setFound] = useState<ProductFormErrors>({});
  const errors = recheckShown(found, validateProductForm(form));
  const [pending, setPending] = useState(false);
  // Whether the admin has touched the GST class, or how it travels: until then a new category
  // (or subcategory) brings its default.
  const [taxEdited, setTaxEdited] = useState(false);
  const [fulfilmentChosen, setFulfilmentChosen] = useState(false);
  const chosen = { tax: taxEdited, fulfilment: fulfilmentChosen };
  const fulfilmentName = useId();
  const { uploading, upload } = useUploads();

  const set = <K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const text = (key: keyof ProductFormState) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  const flag = (key: keyof ProductFormState, label: string) => (
    <Checkbox label={label} checked={form[key] as boolean} onCheckedChange={(v) => set(key, v as never)} />
  );
  const subcategories = subcategoriesOf(form.category);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending || uploading) return;
    // A tag typed but not yet added goes too.
    const sent = { ...form, tags: addTags(form.tags, [tagText]) };
    const problems = validateProductForm(sent);
    setFound(problems);
    const messages = Object.values(problems);
    if (messages.length) {
      toast.error(messages[0]!);
      focusFirst(formRef.current, problems);
      return;
    }
    setPending(true);
    try {
      await updateProduct(product._id, productPayload(product._id, sent, product));
      toast.success('Product updated');
      // The list the admin goes back to loads afresh rather than showing, until its refetch ends,
      // the product as it was before this save.
      queryClient.removeQueries({ queryKey: adminKeys.productLists });
      await queryClient.invalidateQueries({ queryKey: queryKeys.products });
      await navigate('/admin/productlist');
    } catch (err) {
      const current = staleCurrent<AdminProduct>(err);
      if (current) {
        setForm(sent);
        setReapplied(false);
        setConflict({ current, message: errorMessage(err) });
      } else {
        toast.error(errorMessage(err));
      }
      setPending(false);
    }
  }

  /** Goes on from the product as it is now: with the admin's own changes on top, or without them. */
  function resolve(keepMine: boolean) {
    if (!conflict) return;
    const now = formFromProduct(conflict.current);
    setForm(keepMine ? reapply(PRODUCT_FIELDS, formFromProduct(product), now, form) : now);
    setProduct(conflict.current);
    setConflict(null);
    setReapplied(keepMine);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit Product" aria-busy={pending}>
      {conflict ? (
        <ConflictReview
          className="mb-5"
          title={conflict.message}
          rows={conflictRows(PRODUCT_FIELDS, formFromProduct(product), formFromProduct(conflict.current), form)}
          onReapply={() => resolve(true)}
          onDiscard={() => resolve(false)}
        />
      ) : reapplied ? (
        <Alert tone="info" role="status" className="mb-5">
          Your changes are on the product as it is now. Check them, then press Update.
        </Alert>
      ) : null}
      {form.name === SAMPLE_PRODUCT_NAME && !form.available ? (
        <Alert tone="info" role="status" className="mb-5">
          A new draft: shoppers do not see it until it has a name of its own and is marked Available.
        </Alert>
      ) : null}
      <p className="mb-4 text-sm text-neutral-600">
        Name, price, category, and each variant’s name and price (and a new variant’s count in stock) are required.
      </p>
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          <FormSection title="Basics">
            <Field label="Name" id={fieldId.name} required {...text('name')} error={errors[fieldId.name]} />
            <Field label="Brand" {...text('brand')} />
            <TextareaField label="Description" rows={5} {...text('description')} />
            <div className="grid gap-x-4 sm:grid-cols-2">
              {flag('available', 'Available')}
              {flag('isFeatured', 'Is Featured')}
              {flag('isSellingFast', 'Is Selling Fast')}
              {flag('isSubscription', 'Is Subscription')}
            </div>
          </FormSection>

          <FormSection title="Pricing">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Price"
                id={fieldId.price}
                required
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                {...text('price')}
                error={errors[fieldId.price]}
              />
              <Field
                label="Discounted Price"
                id={fieldId.discountPrice}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                hint="Empty for no discount."
                {...text('discountPrice')}
                error={errors[fieldId.discountPrice]}
              />
              <Field label="Discount Start Date" type="date" {...text('discountStartDate')} />
              <Field label="Discount End Date" type="date" {...text('discountEndDate')} />
            </div>
          </FormSection>

          <FormSection title="Classification">
            <SelectField
              label="Category"
              id={fieldId.category}
              required
              value={form.category}
              error={errors[fieldId.category]}
              onChange={(e) => {
                const category = e.target.value;
                // Subcategories belong to a category: a new category starts with none.
                setForm((f) => withCategory(f, category, chosen));
              }}
            >
              <option value="">Select a category</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <fieldset aria-describedby="product-tax-help" className="grid gap-4 sm:grid-cols-2">
              <legend className="sr-only">GST class</legend>
              <Field
                label="HSN code"
                id={fieldId.hsnCode}
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                value={form.hsnCode}
                onChange={(e) => {
                  setTaxEdited(true);
                  set('hsnCode', e.target.value);
                }}
                error={errors[fieldId.hsnCode]}
              />
              <SelectField
                label="GST rate"
                id={fieldId.gstRate}
                value={form.gstRate}
                error={errors[fieldId.gstRate]}
                onChange={(e) => {
                  setTaxEdited(true);
                  set('gstRate', e.target.value);
                }}
              >
                <option value="">Category default</option>
                {GST_RATES.map((r) => (
                  <option key={r} value={String(r)}>
                    {r} %
                  </option>
                ))}
              </SelectField>
              <p id="product-tax-help" className="-mt-2 text-xs text-neutral-600 sm:col-span-2">
                Prices include GST. A combo is a mixed supply: give it the HSN and rate of its highest-taxed part.
              </p>
            </fieldset>
            <MultiSelect
              label="Sub Category"
              options={subcategories}
              value={form.subCategory}
              onChange={(v) => setForm((f) => withSubCategories(f, v, chosen))}
              disabled={!form.category}
              placeholder={form.category ? 'Select subcategories' : 'Choose a category first'}
            />
            <MultiSelect
              label="Occasion"
              options={OCCASIONS}
              value={form.occasion}
              onChange={(v) => set('occasion', v)}
            />
            <MultiSelect
              label="Recipient"
              options={RECIPIENTS}
              value={form.recipient}
              onChange={(v) => set('recipient', v)}
            />
            <TagInput
              tags={form.tags}
              onTagsChange={(tags) => set('tags', tags)}
              text={tagText}
              onTextChange={setTagText}
            />
          </FormSection>

          <FormSection title="Delivery">
            <fieldset aria-describedby="product-fulfilment-help" className="flex flex-col">
              <legend className={labelClasses}>How it travels</legend>
              {FULFILMENT_KINDS.map((kind) => (
                <label
                  key={kind}
                  className="inline-flex min-h-10 cursor-pointer items-center gap-2.5 text-sm text-neutral-900"
                >
                  <input
                    type="radio"
                    name={fulfilmentName}
                    value={kind}
                    checked={form.fulfilment === kind}
                    onChange={() => {
                      setFulfilmentChosen(true);
                      set('fulfilment', kind);
                    }}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  {FULFILMENT_LABELS[kind]}
                </label>
              ))}
              <p id="product-fulfilment-help" className="text-xs text-neutral-600">
                Local gifts reach only the areas whose kitchens or florists make them; courier gifts reach every area.
                Follows the category until you choose.
              </p>
            </fieldset>
            <fieldset className="flex flex-col">
              <legend className={labelClasses}>Delivery Options</legend>
              {flag('sameDayDelivery', 'Same Day Delivery')}
              {flag('expressDelivery', 'Express Delivery')}
            </fieldset>
            <MultiSelect label="Vendors" options={VENDORS} value={form.vendor} onChange={(v) => set('vendor', v)} />
          </FormSection>
        </div>

        <div className="flex flex-col gap-5">
          <FormSection title="Images">
            <SingleImageField
              label="Top Image"
              uploadLabel="Upload top image"
              value={form.image}
              onChange={(v) => set('image', v)}
              upload={upload}
            />
            <ProductImagesField value={form.productImages} onChange={(v) => set('productImages', v)} upload={upload} />
          </FormSection>

          <FormSection title="Attributes">
            <Field
              label="Weight (in gram)"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="sm:max-w-[calc(50%-0.5rem)]"
              {...text('weight')}
            />
            <div className="grid grid-cols-3 gap-3 sm:gap-4">
              <Field label="Length" type="number" inputMode="decimal" min={0} {...text('length')} />
              <Field label="Width" type="number" inputMode="decimal" min={0} {...text('width')} />
              <Field label="Height" type="number" inputMode="decimal" min={0} {...text('height')} />
            </div>
            <ColorSwatches category={form.category} value={form.color} onChange={(v) => set('color', v)} />
            <SelectField label="Arrangement Style" {...text('arrangementStyle')}>
              <option value="">None</option>
              {ARRANGEMENT_STYLES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            <MultiSelect
              label="Material"
              options={MATERIALS}
              value={form.material}
              onChange={(v) => set('material', v)}
            />
            <SelectField label="Fragrance" {...text('fragrance')}>
              <option value="">None</option>
              {FRAGRANCES.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </SelectField>
            <TextareaField label="Care Instructions" rows={2} {...text('careInstructions')} />
          </FormSection>

          <FormSection title="Variants">
            <VariantsEditor
              variants={form.variants}
              onChange={(v) => set('variants', v)}
              errors={errors}
              upload={upload}
            />
          </FormSection>

          <FormSection title="Personalisation options">
            <OptionsEditor options={form.options} onChange={(o) => set('options', o)} errors={errors} />
          </FormSection>

          <FormSection title="Recommended">
            <RelatedProductsPicker
              productId={product._id}
              value={form.relatedProducts}
              onChange={(v) => set('relatedProducts', v)}
            />
          </FormSection>
        </div>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center gap-3 border-t border-neutral-200 bg-white/95 px-4 py-3 backdrop-blur">
        <Button type="submit" size="lg" disabled={pending || uploading || conflict !== null} className="min-w-32">
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Update
        </Button>
        {uploading ? (
          <span role="status" className="text-sm text-neutral-600">
            Waiting for uploads…
          </span>
        ) : null}
      </div>
    </form>
  );
}
