import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CARE_INSTRUCTIONS,
  DEFAULT_FRAGRANCE,
  DEFAULT_TAX_CLASS,
  defaultFulfilment,
  paiseToRupees,
  rupeesToPaise,
  SAMPLE_PRODUCT_NAME,
  staleStockProblem,
  type Category,
} from '@store/domain';
import {
  ADMIN_PRODUCT_PAGE_SIZE,
  pictureCopies,
  STALE_MESSAGES,
  type AdminProduct,
  type ProductUpdate,
} from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { toProductDetail, toProductSummary } from './products.mapper.js';
import {
  claimVersion,
  countAllProducts,
  deleteProduct,
  deleteRelations,
  deleteVariantsExcept,
  findProductIds,
  insertProduct,
  insertRelations,
  insertVariant,
  listAllProducts,
  moveVariantPositionsAside,
  productForAudit,
  updateProduct,
  updateVariant,
} from './products.admin.repository.js';
import { findProduct, lockProduct } from './products.repository.js';
import { initialStock } from './stock.admin.js';
import { insertStockAdjustments, type NewStockAdjustment } from './stock.repository.js';
import { buildSearchColumns } from './products.search-text.js';

/** Where an uploaded or demo picture's smaller copies live: beside it, named by convention. */
const OWN_PICTURE = /^(\/uploads\/(?:products|demo)\/[A-Za-z0-9_-]+)\.(?:jpg|jpeg|png|webp|avif)$/;

/** A picture's copies, from any of its names: an original, or one of its copies (ADR 042). */
export function optimizedFor(image: string) {
  const copies = pictureCopies(image);
  if (copies) return { thumbnail: copies.thumb, detail: copies.detail };
  const base = OWN_PICTURE.exec(image)?.[1];
  return base
    ? { thumbnail: `${base}-thumb.webp`, detail: `${base}-detail.webp` }
    : { thumbnail: image, detail: image };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A product as the audit trail compares it: what the edit form writes, in the API's names and
 * rupees; derived columns (search text, picture copies) and what shoppers change (ratings) left out.
 */
async function auditView(tx: Tx, id: string) {
  const found = await productForAudit(tx, id);
  if (!found) return undefined;
  const { row: p, variants, relatedIds } = found;
  return {
    name: p.name,
    description: p.description,
    price: paiseToRupees(p.price),
    discountPrice: paiseToRupees(p.discountPrice),
    discountStartDate: iso(p.discountStartDate),
    discountEndDate: iso(p.discountEndDate),
    countInStock: p.countInStock,
    available: p.available,
    isFeatured: p.isFeatured,
    isSellingFast: p.isSellingFast,
    isSubscription: p.isSubscription,
    image: p.image,
    productImages: p.productImages,
    category: p.category,
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    subCategory: p.subCategory,
    brand: p.brand,
    vendor: p.vendor,
    tags: p.tags,
    color: p.color,
    occasion: p.occasion,
    recipient: p.recipient,
    arrangementStyle: p.arrangementStyle,
    material: p.material,
    fragrance: p.fragrance,
    careInstructions: p.careInstructions,
    weight: p.weight,
    dimensions: { length: p.length, width: p.width, height: p.height },
    sameDayDelivery: p.sameDayDelivery,
    expressDelivery: p.expressDelivery,
    fulfilment: p.fulfilment,
    variants: variants.map((v) => ({
      _id: v.id,
      name: v.name,
      price: paiseToRupees(v.price),
      countInStock: v.countInStock,
      image: v.image,
    })),
    options: p.options.map((o) => ({
      _id: o.id,
      name: o.name,
      kind: o.kind,
      price: paiseToRupees(o.price),
      maxLength: o.maxLength,
      required: o.required,
    })),
    relatedProducts: relatedIds,
  };
}

/**
 * A save refused for what it read being out of date: thrown inside the transaction, so the version
 * it claimed goes back with it, and answered as 409 with the product as it is now once it is over.
 */
class StaleSave extends Error {}

/** The admin's side of the catalogue: every product, with stored (not in-force) discount values. */
export class ProductsAdmin {
  constructor(private readonly db: Db) {}

  async list(page: number, name?: string) {
    const [rows, counted] = await Promise.all([
      listAllProducts(this.db, { limit: ADMIN_PRODUCT_PAGE_SIZE, offset: (page - 1) * ADMIN_PRODUCT_PAGE_SIZE }, name),
      countAllProducts(this.db, name),
    ]);
    const now = new Date();
    return {
      products: rows.map((r) => ({
        ...toProductSummary(r, now),
        discountPrice: paiseToRupees(r.discountPrice),
        vendor: r.vendor,
      })),
      page,
      pages: Math.max(1, Math.ceil(counted / ADMIN_PRODUCT_PAGE_SIZE)),
    };
  }

  async get(id: string): Promise<AdminProduct> {
    const found = await findProduct(this.db, id, { includeUnlisted: true });
    if (!found) throw notFound('Product not found');
    const detail = toProductDetail(found.row, found.variants, found.related, found.reviews, new Date());
    return { ...detail, discountPrice: paiseToRupees(found.row.discountPrice), version: found.row.version };
  }

  /**
   * A draft to edit: hidden from shoppers (unavailable, and named as the storefront never lists),
   * with the spec's default fragrance and care instructions, which the form shows as they are, and
   * the stock it starts with, the first row of its stock ledger.
   */
  async createDraft(actor: SessionUser, countInStock = 0): Promise<AdminProduct> {
    const draft = { name: SAMPLE_PRODUCT_NAME, category: '', subCategory: [], tags: [], description: '' };
    const id = await this.db.transaction(async (tx) => {
      const row = await insertProduct(tx, {
        ...draft,
        price: 0,
        available: false,
        countInStock,
        fragrance: DEFAULT_FRAGRANCE,
        careInstructions: DEFAULT_CARE_INSTRUCTIONS,
        fulfilment: defaultFulfilment(draft),
        ...buildSearchColumns(draft),
      });
      await insertStockAdjustments(tx, [initialStock(actor, row.id, countInStock)]);
      const after = await auditView(tx, row.id);
      await recordAudit(tx, { actor, action: 'product.create', entityId: row.id, label: draft.name, after });
      return row.id;
    });
    return this.get(id);
  }

  /**
   * Replaces every field the form holds in one transaction, if the product is still at the version
   * the form was loaded at (ADR 065); else 409 with the product as it is now, and nothing written.
   * Variants keep their ids (carts refer to them) when sent back. Stock is never written: orders
   * take it meanwhile, so a figure read when the form opened is out of date by the time it is
   * saved. One sent back must be the figure now (else 409 likewise); a new size starts with the
   * stock it is sent with.
   */
  async update(actor: SessionUser, id: string, p: ProductUpdate): Promise<AdminProduct> {
    try {
      await this.db.transaction((tx) => this.save(tx, actor, id, p));
    } catch (err) {
      if (err instanceof StaleSave) throw new AppError('CONFLICT', err.message, { current: await this.get(id) });
      throw err;
    }
    return this.get(id);
  }

  private async save(tx: Tx, actor: SessionUser, id: string, p: ProductUpdate): Promise<void> {
    if (!(await claimVersion(tx, id, p.version))) throw new StaleSave(STALE_MESSAGES.product);
    const before = (await auditView(tx, id))!;
    const moved =
      staleStockProblem(null, p.countInStock, before.countInStock) ??
      p.variants
        .map((v) => {
          const stored = before.variants.find((s) => s._id === v._id);
          return stored ? staleStockProblem(stored.name, v.countInStock, stored.countInStock) : null;
        })
        .find((problem) => problem !== null);
    if (moved) throw new StaleSave(moved);
    const related = p.relatedProducts.filter((r) => r !== id);
    if (related.length) {
      const found = await findProductIds(tx, related);
      if (found.length !== new Set(related).size) {
        throw new AppError('VALIDATION', 'A recommended product does not exist');
      }
    }
    await updateProduct(tx, id, {
      name: p.name,
      description: p.description,
      price: rupeesToPaise(p.price),
      discountPrice: rupeesToPaise(p.discountPrice),
      discountStartDate: p.discountStartDate,
      discountEndDate: p.discountEndDate,
      available: p.available,
      isFeatured: p.isFeatured,
      isSellingFast: p.isSellingFast,
      isSubscription: p.isSubscription,
      image: p.image,
      optimizedImages: optimizedFor(p.image),
      productImages: p.productImages,
      optimizedProductImages: p.productImages.map((original) => ({
        original,
        optimized: { detail: optimizedFor(original).detail },
      })),
      category: p.category,
      // Left out, the category's class: what an order would charge for an unclassified product anyway.
      hsnCode: p.hsnCode ?? DEFAULT_TAX_CLASS[p.category as Category].hsn,
      gstRate: p.gstRate ?? DEFAULT_TAX_CLASS[p.category as Category].rate,
      subCategory: p.subCategory,
      brand: p.brand,
      vendor: p.vendor,
      tags: p.tags,
      color: p.color,
      occasion: p.occasion,
      recipient: p.recipient,
      arrangementStyle: p.arrangementStyle,
      material: p.material,
      fragrance: p.fragrance,
      careInstructions: p.careInstructions,
      weight: p.weight ?? null,
      length: p.dimensions?.length ?? null,
      width: p.dimensions?.width ?? null,
      height: p.dimensions?.height ?? null,
      sameDayDelivery: p.sameDayDelivery,
      expressDelivery: p.expressDelivery,
      fulfilment: p.fulfilment,
      // A text limit and 'required' mean nothing on a yes/no choice, so it never carries them.
      options: p.options.map((o) => ({
        id: o._id ?? randomUUID(),
        name: o.name,
        kind: o.kind,
        price: rupeesToPaise(o.price),
        maxLength: o.kind === 'text' ? o.maxLength : 0,
        required: o.kind === 'text' && o.required,
      })),
      updatedAt: new Date(),
      ...buildSearchColumns(p),
    });

    const keep = p.variants.flatMap((v) => (v._id ? [v._id] : []));
    await deleteVariantsExcept(tx, id, keep);
    // Positions move out of the way first, so reordering never trips the unique (product, position) index.
    await moveVariantPositionsAside(tx, id);
    const started: NewStockAdjustment[] = [];
    for (const [position, v] of p.variants.entries()) {
      const values = { name: v.name, price: rupeesToPaise(v.price), image: v.image, position };
      const updated = v._id ? await updateVariant(tx, id, v._id, values) : [];
      if (updated.length === 0) {
        const countInStock = v.countInStock ?? 0;
        const size = await insertVariant(tx, id, { ...values, countInStock });
        started.push(initialStock(actor, id, countInStock, { id: size.id, name: v.name }));
      }
    }
    await insertStockAdjustments(tx, started);

    await deleteRelations(tx, id);
    const unique = [...new Set(related)];
    if (unique.length) {
      await insertRelations(tx, id, unique);
    }
    const after = await auditView(tx, id);
    await recordAudit(tx, { actor, action: 'product.update', entityId: id, label: p.name, before, after });
  }

  async remove(actor: SessionUser, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await lockProduct(tx, id))) throw notFound('Product not found');
      const before = (await auditView(tx, id))!;
      await deleteProduct(tx, id);
      await recordAudit(tx, { actor, action: 'product.delete', entityId: id, label: before.name, before });
    });
  }
}
