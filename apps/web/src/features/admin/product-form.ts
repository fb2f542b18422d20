import type { AdminProduct, ProductSummary } from '@store/contracts';
import type { FieldSpec } from './stale-edit.js';
import {
  DEFAULT_TAX_CLASS,
  defaultFulfilment,
  FULFILMENT_LABELS,
  GST_RATE_REQUIRED,
  HSN_CODE_REQUIRED,
  isCategory,
  isHsnCode,
  OPTION_TEXT_MAX,
  type FulfilmentKind,
  type GstRate,
  type OptionKind,
} from '@store/domain';

/**
 * A variant as the form edits it: numbers as typed; `_id` kept for existing ones (carts refer to
 * it). `countInStock` is a new variant's initial stock; an existing one's stock is not the form's
 * to write (it changes by adjustment, ADR 065), so it is left empty and never sent.
 */
export interface VariantDraft {
  /** React's key; a new variant has no `_id` yet. */
  key: string;
  _id?: string;
  name: string;
  price: string;
  countInStock: string;
  image: string;
}

/** A personalisation as the form edits it ('Eggless' +₹50, 'Message on cake' up to 30 characters). */
export interface OptionDraft {
  key: string;
  _id?: string;
  name: string;
  kind: OptionKind;
  /** Rupees as typed; empty is free. */
  price: string;
  /** Text options: the character limit as typed. */
  maxLength: string;
  required: boolean;
}

/**
 * Everything the Edit Product form holds. Numbers and dates stay strings as typed until sent. The
 * product's stock is not among them: it changes by adjustment, beside the form (ADR 065).
 */
export interface ProductFormState {
  name: string;
  available: boolean;
  isFeatured: boolean;
  isSellingFast: boolean;
  price: string;
  discountPrice: string;
  discountStartDate: string;
  discountEndDate: string;
  brand: string;
  isSubscription: boolean;
  image: string;
  productImages: string[];
  category: string;
  /** The GST class: HSN as typed, rate as the select holds it ('' until there is one). */
  hsnCode: string;
  gstRate: string;
  subCategory: string[];
  occasion: string[];
  recipient: string[];
  variants: VariantDraft[];
  options: OptionDraft[];
  tags: string[];
  description: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  color: string[];
  arrangementStyle: string;
  material: string[];
  fragrance: string;
  careInstructions: string;
  /** How it travels (ADR 077): which areas it can reach, and in whose slots. */
  fulfilment: FulfilmentKind;
  sameDayDelivery: boolean;
  expressDelivery: boolean;
  vendor: string[];
  relatedProducts: ProductSummary[];
}

/**
 * The spec's PUT /api/products/:id body, with the version the form was loaded at and without stock
 * but a new variant's. Delivery flags go flat; they come back under deliveryOptions.
 */
export interface ProductPayload {
  productId: string;
  version: number;
  name: string;
  price: number;
  image: string;
  brand: string;
  category: string;
  /** Left out (with gstRate) when empty: the server applies the category's default. */
  hsnCode?: string;
  gstRate?: GstRate;
  description: string;
  productImages: string[];
  variants: { _id?: string; name: string; price: number; countInStock?: number; image: string }[];
  options: { _id?: string; name: string; kind: OptionKind; price: number; maxLength: number; required: boolean }[];
  weight: number | null;
  dimensions: { length: number | null; width: number | null; height: number | null };
  tags: string[];
  discountPrice: number;
  discountStartDate: string | null;
  discountEndDate: string | null;
  available: boolean;
  isFeatured: boolean;
  isSellingFast: boolean;
  subCategory: string[];
  relatedProducts: string[];
  color: string[];
  occasion: string[];
  arrangementStyle: string;
  material: string[];
  fragrance: string;
  careInstructions: string;
  fulfilment: FulfilmentKind;
  sameDayDelivery: boolean;
  expressDelivery: boolean;
  isSubscription: boolean;
  recipient: string[];
  vendor: string[];
}

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** 'YYYY-MM-DD' of a stored date, what a date input shows. */
const dateText = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

let variantKeys = 0;
export const newVariantKey = () => `new-${++variantKeys}`;

export function emptyVariant(): VariantDraft {
  return { key: newVariantKey(), name: '', price: '', countInStock: '', image: '' };
}

/** A new option: a yes/no choice, or a text with the usual 30 characters a cake takes. */
export function emptyOption(kind: OptionKind): OptionDraft {
  return { key: newVariantKey(), name: '', kind, price: '', maxLength: kind === 'text' ? '30' : '', required: false };
}

/** The form filled from the product as stored. */
export function formFromProduct(p: AdminProduct): ProductFormState {
  return {
    name: p.name,
    available: p.available,
    isFeatured: p.isFeatured,
    isSellingFast: p.isSellingFast,
    price: String(p.price),
    discountPrice: p.discountPrice > 0 ? String(p.discountPrice) : '',
    discountStartDate: dateText(p.discountStartDate),
    discountEndDate: dateText(p.discountEndDate),
    brand: p.brand,
    isSubscription: p.isSubscription,
    image: p.image,
    productImages: [...p.productImages],
    category: p.category,
    // A product without a category (a new draft) has no class yet: '' until one is chosen.
    hsnCode: p.hsnCode,
    gstRate: p.hsnCode ? String(p.gstRate) : '',
    subCategory: [...p.subCategory],
    occasion: [...p.occasion],
    recipient: [...p.recipient],
    variants: p.variants.map((v) => ({
      key: v._id,
      _id: v._id,
      name: v.name,
      price: String(v.price),
      countInStock: '',
      image: v.image,
    })),
    options: p.options.map((o) => ({
      key: o._id,
      _id: o._id,
      name: o.name,
      kind: o.kind,
      price: o.price > 0 ? String(o.price) : '',
      maxLength: o.kind === 'text' ? String(o.maxLength) : '',
      required: o.required,
    })),
    tags: [...p.tags],
    description: p.description,
    weight: numberText(p.weight),
    length: numberText(p.dimensions.length),
    width: numberText(p.dimensions.width),
    height: numberText(p.dimensions.height),
    color: [...p.color],
    arrangementStyle: p.arrangementStyle,
    material: [...p.material],
    // As stored: '' is no fragrance (a cake), and a new draft already has the spec's defaults.
    fragrance: p.fragrance,
    careInstructions: p.careInstructions,
    fulfilment: p.fulfilment,
    sameDayDelivery: p.deliveryOptions.sameDayDelivery,
    expressDelivery: p.deliveryOptions.expressDelivery,
    vendor: [...p.vendor],
    relatedProducts: [...p.relatedProducts],
  };
}

/** Empty → null (weight, dimensions). */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * A date as the server takes it. An untouched date goes back exactly as stored (a time of day
 * included), so saving never moves a sale that was scheduled to the minute; an edited one goes
 * as 'YYYY-MM-DD'; an emptied one as null.
 */
function dateValue(text: string, stored: string | null): string | null {
  if (!text) return null;
  return stored && dateText(stored) === text ? stored : text;
}

/** The PUT body from the form. `stored` is the product as the form was loaded from, for its version and dates. */
export function productPayload(
  id: string,
  f: ProductFormState,
  stored: Pick<AdminProduct, 'version' | 'discountStartDate' | 'discountEndDate'>,
): ProductPayload {
  return {
    productId: id,
    version: stored.version,
    name: f.name.trim(),
    price: Number(f.price),
    image: f.image.trim(),
    brand: f.brand.trim(),
    category: f.category,
    ...(f.hsnCode.trim() && f.gstRate !== ''
      ? { hsnCode: f.hsnCode.trim(), gstRate: Number(f.gstRate) as GstRate }
      : {}),
    description: f.description,
    productImages: f.productImages,
    variants: f.variants.map((v) => ({
      ...(v._id ? { _id: v._id } : { countInStock: Number(v.countInStock) }),
      name: v.name.trim(),
      price: Number(v.price),
      image: v.image.trim(),
    })),
    options: f.options.map((o) => ({
      ...(o._id ? { _id: o._id } : {}),
      name: o.name.trim(),
      kind: o.kind,
      price: o.price.trim() === '' ? 0 : Number(o.price),
      maxLength: o.kind === 'text' ? Number(o.maxLength) : 0,
      required: o.kind === 'text' && o.required,
    })),
    weight: optionalNumber(f.weight),
    dimensions: { length: optionalNumber(f.length), width: optionalNumber(f.width), height: optionalNumber(f.height) },
    tags: f.tags,
    discountPrice: f.discountPrice.trim() === '' ? 0 : Number(f.discountPrice),
    discountStartDate: dateValue(f.discountStartDate, stored.discountStartDate),
    discountEndDate: dateValue(f.discountEndDate, stored.discountEndDate),
    available: f.available,
    isFeatured: f.isFeatured,
    isSellingFast: f.isSellingFast,
    subCategory: f.subCategory,
    relatedProducts: f.relatedProducts.map((p) => p._id),
    color: f.color,
    occasion: f.occasion,
    arrangementStyle: f.arrangementStyle,
    material: f.material,
    fragrance: f.fragrance,
    careInstructions: f.careInstructions,
    fulfilment: f.fulfilment,
    sameDayDelivery: f.sameDayDelivery,
    expressDelivery: f.expressDelivery,
    isSubscription: f.isSubscription,
    recipient: f.recipient,
    vendor: f.vendor,
  };
}

/** What the admin has chosen in this form, which a new category or subcategory must not undo. */
export interface Chosen {
  tax: boolean;
  fulfilment: boolean;
}

/**
 * The category's own way of travelling, unless the admin chose one: moving a product from
 * Chocolates to Cakes makes it local, but a plum cake the admin marked courier stays so.
 */
function withDefaultFulfilment(f: ProductFormState, chosen: Chosen): ProductFormState {
  return chosen.fulfilment ? f : { ...f, fulfilment: defaultFulfilment(f) };
}

/**
 * A new category: its subcategories start empty, and unless the admin has edited the GST class,
 * it takes the category's default class (a category does not decide a product's HSN, so an
 * edited one is kept); the same for how it travels.
 */
export function withCategory(f: ProductFormState, category: string, chosen: Chosen): ProductFormState {
  if (f.category === category) return f;
  const next = withDefaultFulfilment({ ...f, category, subCategory: [] }, chosen);
  if (chosen.tax || !isCategory(category)) return next;
  const { hsn, rate } = DEFAULT_TAX_CLASS[category];
  return { ...next, hsnCode: hsn, gstRate: String(rate) };
}

/** New subcategories, which can change how it travels (a plum cake in a tin goes by courier). */
export function withSubCategories(f: ProductFormState, subCategory: string[], chosen: Chosen): ProductFormState {
  return withDefaultFulfilment({ ...f, subCategory }, chosen);
}

/**
 * Tags typed into the tag box: each is trimmed; empty ones and ones already there (in any case)
 * are ignored.
 */
export function addTags(tags: readonly string[], typed: readonly string[]): string[] {
  const next = [...tags];
  const seen = new Set(tags.map((t) => t.toLowerCase()));
  for (const raw of typed) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    next.push(tag);
  }
  return next;
}

/** 'a.jpg, b.jpg,,' → ['a.jpg', 'b.jpg']. */
export function parseImageList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Ids of the form's inputs, so a problem can focus the input it is about. */
export const fieldId = {
  name: 'product-name',
  price: 'product-price',
  discountPrice: 'product-discount-price',
  category: 'product-category',
  hsnCode: 'product-hsn-code',
  gstRate: 'product-gst-rate',
  variant: (i: number, field: 'name' | 'price' | 'countInStock') => `variant-${i}-${field}`,
  option: (i: number, field: 'name' | 'price' | 'maxLength') => `option-${i}-${field}`,
};

export type ProductFormErrors = Record<string, string>;

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/**
 * What the browser can tell before asking the server, keyed by input id in form order: the
 * required fields (name, price; each variant's name and price, and a new one's count in stock;
 * each option's name and a text option's character limit) and numbers that are not numbers. The
 * server checks everything again, with its own messages.
 */
export function validateProductForm(f: ProductFormState): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (!f.name.trim()) errors[fieldId.name] = 'Name is required';
  if (!f.price.trim()) errors[fieldId.price] = 'Price is required';
  else if (!isNumber(f.price)) errors[fieldId.price] = 'Price must be a number';
  if (f.discountPrice.trim() && !isNumber(f.discountPrice)) {
    errors[fieldId.discountPrice] = 'Discount price must be a number';
  }
  if (!f.category) errors[fieldId.category] = 'Category is required';
  if (f.hsnCode.trim() && !isHsnCode(f.hsnCode.trim())) errors[fieldId.hsnCode] = 'HSN code must be 4, 6 or 8 digits';
  if (f.hsnCode.trim() && f.gstRate === '') errors[fieldId.gstRate] = GST_RATE_REQUIRED;
  if (!f.hsnCode.trim() && f.gstRate !== '') errors[fieldId.hsnCode] = HSN_CODE_REQUIRED;
  f.variants.forEach((v, i) => {
    if (!v.name.trim()) errors[fieldId.variant(i, 'name')] = 'Variant name is required';
    if (!v.price.trim()) errors[fieldId.variant(i, 'price')] = 'Variant price is required';
    else if (!isNumber(v.price)) errors[fieldId.variant(i, 'price')] = 'Variant price must be a number';
    if (v._id) return;
    if (!v.countInStock.trim()) errors[fieldId.variant(i, 'countInStock')] = 'Variant count in stock is required';
    else if (!isNumber(v.countInStock)) {
      errors[fieldId.variant(i, 'countInStock')] = 'Variant count in stock must be a number';
    }
  });
  f.options.forEach((o, i) => {
    if (!o.name.trim()) errors[fieldId.option(i, 'name')] = 'Option name is required';
    if (o.price.trim() && !isNumber(o.price)) errors[fieldId.option(i, 'price')] = 'Option price must be a number';
    const limit = Number(o.maxLength);
    if (o.kind === 'text' && !(Number.isInteger(limit) && limit >= 1 && limit <= OPTION_TEXT_MAX)) {
      errors[fieldId.option(i, 'maxLength')] = `Character limit must be a whole number from 1 to ${OPTION_TEXT_MAX}`;
    }
  });
  return errors;
}

/** A list of drafts compared by what is saved of them, not by React's keys. */
const withoutKeys = (rows: unknown) => (rows as { key: string }[]).map(({ key: _key, ...row }) => row);
const priced = (price: string) => (price.trim() ? ` ₹${price}` : '');

/** The form's fields as a stale save's conflict view names and shows them, in the form's order. */
export const PRODUCT_FIELDS: readonly FieldSpec<ProductFormState>[] = [
  { key: 'name', label: 'Name' },
  { key: 'brand', label: 'Brand' },
  { key: 'description', label: 'Description' },
  { key: 'available', label: 'Available' },
  { key: 'isFeatured', label: 'Is Featured' },
  { key: 'isSellingFast', label: 'Is Selling Fast' },
  { key: 'isSubscription', label: 'Is Subscription' },
  { key: 'price', label: 'Price' },
  { key: 'discountPrice', label: 'Discounted Price' },
  { key: 'discountStartDate', label: 'Discount Start Date' },
  { key: 'discountEndDate', label: 'Discount End Date' },
  { key: 'category', label: 'Category' },
  { key: 'hsnCode', label: 'HSN code' },
  { key: 'gstRate', label: 'GST rate' },
  { key: 'subCategory', label: 'Sub Category' },
  { key: 'occasion', label: 'Occasion' },
  { key: 'recipient', label: 'Recipient' },
  { key: 'tags', label: 'Tags' },
  { key: 'fulfilment', label: 'How it travels', show: (v) => FULFILMENT_LABELS[v as FulfilmentKind] },
  { key: 'sameDayDelivery', label: 'Same Day Delivery' },
  { key: 'expressDelivery', label: 'Express Delivery' },
  { key: 'vendor', label: 'Vendors' },
  { key: 'image', label: 'Top Image' },
  { key: 'productImages', label: 'Product Images' },
  { key: 'weight', label: 'Weight (in gram)' },
  { key: 'length', label: 'Length' },
  { key: 'width', label: 'Width' },
  { key: 'height', label: 'Height' },
  { key: 'color', label: 'Color' },
  { key: 'arrangementStyle', label: 'Arrangement Style' },
  { key: 'material', label: 'Material' },
  { key: 'fragrance', label: 'Fragrance', show: (v) => (v ? String(v) : 'None') },
  { key: 'careInstructions', label: 'Care Instructions' },
  {
    key: 'variants',
    label: 'Variants',
    compared: withoutKeys,
    show: (v) => (v as VariantDraft[]).map((d) => `${d.name}${priced(d.price)}`).join(', ') || '—',
  },
  {
    key: 'options',
    label: 'Personalisation options',
    compared: withoutKeys,
    show: (v) => (v as OptionDraft[]).map((d) => `${d.name}${priced(d.price)}`).join(', ') || '—',
  },
  {
    key: 'relatedProducts',
    label: 'Recommended Products',
    compared: (v) => (v as ProductSummary[]).map((p) => p._id),
    show: (v) => (v as ProductSummary[]).map((p) => p.name).join(', ') || '—',
  },
];
