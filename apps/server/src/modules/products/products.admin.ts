import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise, SAMPLE_PRODUCT_NAME } from '@store/domain';
import { ADMIN_PRODUCT_PAGE_SIZE, type AdminProduct, type ProductUpdate } from '@store/contracts';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toProductDetail, toProductSummary } from './products.mapper.js';
import { findProduct } from './products.repository.js';
import { buildSearchColumns } from './products.search-text.js';
import { productRelations, productVariants, products } from './products.table.js';

/** Where an uploaded or demo picture's smaller copies live: beside it, named by convention. */
const OWN_PICTURE = /^(\/uploads\/(?:products|demo)\/[A-Za-z0-9_-]+)\.(?:jpg|jpeg|png|webp|avif)$/;

export function optimizedFor(image: string) {
  const base = OWN_PICTURE.exec(image)?.[1];
  return base
    ? { thumbnail: `${base}-thumb.webp`, detail: `${base}-detail.webp` }
    : { thumbnail: image, detail: image };
}

/** The admin's side of the catalogue: every product, with stored (not in-force) discount values. */
export class ProductsAdmin {
  constructor(private readonly db: Db) {}

  async list(page: number) {
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(products)
        .orderBy(desc(products.createdAt), asc(products.id))
        .limit(ADMIN_PRODUCT_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PRODUCT_PAGE_SIZE),
      this.db.select({ n: sql<number>`count(*)::int` }).from(products),
    ]);
    const now = new Date();
    return {
      products: rows.map((r) => ({
        ...toProductSummary(r, now),
        discountPrice: paiseToRupees(r.discountPrice),
        vendor: r.vendor,
      })),
      page,
      pages: Math.max(1, Math.ceil((counted?.n ?? 0) / ADMIN_PRODUCT_PAGE_SIZE)),
    };
  }

  async get(id: string): Promise<AdminProduct> {
    const found = await findProduct(this.db, id, { includeUnlisted: true });
    if (!found) throw notFound('Product not found');
    const detail = toProductDetail(found.row, found.variants, found.related, found.reviews, new Date());
    return { ...detail, discountPrice: paiseToRupees(found.row.discountPrice) };
  }

  /** A draft to edit: hidden from shoppers (unavailable, and named as the storefront never lists). */
  async createDraft(): Promise<AdminProduct> {
    const draft = { name: SAMPLE_PRODUCT_NAME, category: '', subCategory: [], tags: [], description: '' };
    const [row] = await this.db
      .insert(products)
      .values({ ...draft, price: 0, available: false, countInStock: 0, ...buildSearchColumns(draft) })
      .returning({ id: products.id });
    return this.get(row!.id);
  }

  /** Replaces every field in one transaction; variants keep their ids (carts refer to them) when sent back. */
  async update(id: string, p: ProductUpdate): Promise<AdminProduct> {
    await this.db.transaction(async (tx) => {
      const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
      if (!exists) throw notFound('Product not found');
      const related = p.relatedProducts.filter((r) => r !== id);
      if (related.length) {
        const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, related));
        if (found.length !== new Set(related).size) {
          throw new AppError('VALIDATION', 'A recommended product does not exist');
        }
      }
      await tx
        .update(products)
        .set({
          name: p.name,
          description: p.description,
          price: rupeesToPaise(p.price),
          discountPrice: rupeesToPaise(p.discountPrice),
          discountStartDate: p.discountStartDate,
          discountEndDate: p.discountEndDate,
          countInStock: p.countInStock,
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
          updatedAt: new Date(),
          ...buildSearchColumns(p),
        })
        .where(eq(products.id, id));

      const keep = p.variants.flatMap((v) => (v._id ? [v._id] : []));
      await tx
        .delete(productVariants)
        .where(
          keep.length
            ? and(eq(productVariants.productId, id), notInArray(productVariants.id, keep))
            : eq(productVariants.productId, id),
        );
      // Positions move out of the way first, so reordering never trips the unique (product, position) index.
      await tx
        .update(productVariants)
        .set({ position: sql`-1 - ${productVariants.position}` })
        .where(eq(productVariants.productId, id));
      for (const [position, v] of p.variants.entries()) {
        const values = {
          name: v.name,
          price: rupeesToPaise(v.price),
          countInStock: v.countInStock,
          image: v.image,
          position,
        };
        const updated = v._id
          ? await tx
              .update(productVariants)
              .set(values)
              .where(and(eq(productVariants.id, v._id), eq(productVariants.productId, id)))
              .returning({ id: productVariants.id })
          : [];
        if (updated.length === 0) await tx.insert(productVariants).values({ ...values, productId: id });
      }

      await tx.delete(productRelations).where(eq(productRelations.productId, id));
      const unique = [...new Set(related)];
      if (unique.length) {
        await tx
          .insert(productRelations)
          .values(unique.map((relatedId, position) => ({ productId: id, relatedId, position })));
      }
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (deleted.length === 0) throw notFound('Product not found');
  }
}
