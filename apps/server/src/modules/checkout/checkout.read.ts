import { createHash } from 'node:crypto';
import {
  activeDiscountPrice,
  chooseOptions,
  optionsKey,
  optionsPrice,
  productTaxClass,
  SAMPLE_PRODUCT_NAME,
  sizeDiscountPrice,
  type OptionRequest,
  type QuoteLine,
} from '@store/domain';
import type { CreateOrderInput } from '@store/contracts';
import { AppError } from '../../lib/app-error.js';
import type { StockService } from '../products/stock.service.js';

/** A line of the order as asked for, same product, variant and options merged. */
export interface Line {
  /** Where the line's first item is in `orderItems`: what a refusal of its options names. */
  index: number;
  productId: string;
  variantId: string | null;
  options: OptionRequest[];
  qty: number;
}

/** Lines of the same product, variant and options are one line; the order of lines is the cart's. */
export function mergeLines(input: CreateOrderInput['orderItems']): Line[] {
  const merged = new Map<string, Line>();
  input.forEach((item, index) => {
    const variantId = item.variant?._id ?? null;
    const options = (item.options ?? []).map((o) => ({ id: o._id, value: o.value }));
    const key = `${item._id}:${variantId ?? ''}:${optionsKey(options)}`;
    const line = merged.get(key);
    if (line) line.qty += item.qty;
    else merged.set(key, { index, productId: item._id, variantId, options, qty: item.qty });
  });
  return [...merged.values()];
}

/** What a retry with the same Idempotency-Key must repeat to be the same order. */
export const requestHash = (lines: Line[], input: CreateOrderInput) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        lines,
        address: input.shippingAddress,
        delivery: input.delivery,
        giftMessage: input.giftMessage ?? null,
      }),
    )
    .digest('hex');

export type Stored = Awaited<ReturnType<StockService['forOrder']>>;

/** Options the product does not offer, texts too long, a required one missing: 400 naming each field. */
function checkedOptions(line: Line, product: Stored['products'][number]) {
  const { options, problems } = chooseOptions(product.options, line.options, product.name);
  if (problems.length === 0) return options;
  const at = `orderItems.${line.index}.options`;
  const details = problems.map((p) => ({
    field: p.index === null ? at : `${at}.${p.index}.${p.field === 'id' ? '_id' : 'value'}`,
    message: p.message,
  }));
  throw new AppError('VALIDATION', details.map((d) => d.message).join('; '), details);
}

/**
 * Each line as what is stored prices it: the product or variant price, the discount in force, the
 * options' prices, the GST class, the category and what is left of it, ready for the quote. Refuses
 * lines that cannot be sold at all (400); whether there is enough of it is the quote's to say.
 */
export function readLines(lines: readonly Line[], { products: found, variants }: Stored, now: Date) {
  return lines.map((line) => {
    const product = found.find((p) => p.id === line.productId);
    if (!product || product.name === SAMPLE_PRODUCT_NAME) {
      throw new AppError('VALIDATION', `Product ${line.productId} is not sold here`);
    }
    if (!product.available) throw new AppError('VALIDATION', `${product.name} is not available right now`);
    const variant = line.variantId ? variants.find((v) => v.id === line.variantId) : undefined;
    if (line.variantId && (!variant || variant.productId !== product.id)) {
      throw new AppError('VALIDATION', `${product.name} has no such size or weight`);
    }
    // A product sold in sizes is priced and stocked by one of them, never by itself.
    if (!line.variantId && variants.some((v) => v.productId === product.id)) {
      const message = `Choose a size or weight of ${product.name}`;
      throw new AppError('VALIDATION', message, [{ field: `orderItems.${line.index}.variantId`, message }]);
    }
    const options = checkedOptions(line, product);
    const taxClass = productTaxClass(product);
    return {
      product,
      variant,
      name: variant ? `${product.name} (${variant.name})` : product.name,
      qty: line.qty,
      // A size has its own price and takes the product's discount in proportion, as its page shows it.
      price: variant ? variant.price : product.price,
      discountPrice: variant ? sizeDiscountPrice(product, variant.price, now) : activeDiscountPrice(product, now),
      options,
      optionsPrice: optionsPrice(options),
      gstRate: taxClass.rate,
      taxClass,
      category: product.category,
      stockLeft: variant ? variant.countInStock : product.countInStock,
    } satisfies QuoteLine & Record<string, unknown>;
  });
}

export type ReadLine = ReturnType<typeof readLines>[number];

/** The value of a settled promise, or its failure thrown. */
export function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
