import { Link, useParams } from 'react-router';
import { PackageSearch, Timer, Truck } from 'lucide-react';
import type { ProductDetail } from '@store/contracts';
import { useProduct } from '../../api/products.js';
import { earliestDeliveryText } from '../../components/product/product-card.js';
import { buttonClasses } from '../../components/ui/button.js';
import { LoadError } from '../../components/ui/load-error.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { Stars } from '../../components/ui/stars.js';
import { ApiError } from '../../lib/api.js';
import { dayName, todayIst } from '../../lib/delivery.js';
import { usePageTitle } from '../../lib/page-title.js';
import { Breadcrumb, productCrumbs } from './breadcrumb.js';
import { galleryImages, ProductGallery } from './product-gallery.js';
import { ProductReviews } from './product-reviews.js';
import { ProductSpecs } from './product-specs.js';
import { PurchasePanel } from './purchase-panel.js';
import { ReachableInstead } from './reachable-instead.js';
import { RelatedProducts } from './related-products.js';
import { usePincodeCheck } from './use-pincode-check.js';
import { WishlistButton } from './wishlist-button.js';

export function ProductPage() {
  const { id } = useParams();
  const query = useProduct(id);
  const { data: product, error, isPending } = query;

  if (error) {
    // A malformed id cannot name a product either, so it reads as "not found" too.
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        {notFound ? <NotFound /> : <LoadError what="this product" load={query} />}
      </div>
    );
  }
  if (isPending || !product) return <ProductSkeleton />;
  // Keyed by id so the gallery, variant and quantity start afresh when a related product opens.
  return <ProductView key={product._id} product={product} />;
}

/** Search results and link previews show about 155 characters; cut at a word. */
function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 155) return flat;
  const cut = flat.lastIndexOf(' ', 152);
  return `${flat.slice(0, cut > 0 ? cut : 152)}…`;
}

function ProductView({ product }: { product: ProductDetail }) {
  usePageTitle(product.name, metaDescription(product.description));
  const delivery = usePincodeCheck(product._id);
  const reach = delivery.forPincode?.delivery;
  const unreachable = reach && !reach.deliverable ? reach : null;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-6 md:py-8">
      <div className="flex flex-col gap-5">
        <Breadcrumb crumbs={productCrumbs(product)} />
        <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
          <ProductGallery name={product.name} images={galleryImages(product)} />
          <div className="flex flex-col gap-5">
            <div className="flex items-start justify-between gap-4">
              <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">{product.name}</h1>
              <WishlistButton productId={product._id} />
            </div>
            <a
              href="#reviews"
              className="-mt-2 inline-flex w-fit items-center gap-2 text-sm text-neutral-700 hover:underline"
            >
              <Stars rating={product.rating} />
              <span>{product.numReviews} reviews</span>
            </a>
            <PurchasePanel product={product} delivery={delivery} />
            {unreachable ? null : (
              <DeliveryPromises options={product.deliveryOptions} earliest={delivery.earliest?.date ?? null} />
            )}
          </div>
        </div>
      </div>

      {unreachable ? <ReachableInstead product={product} pincode={unreachable.pincode} /> : null}

      <div className="grid gap-10 md:grid-cols-2 lg:gap-12">
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-lg font-semibold text-neutral-900">
            Description
          </h2>
          <p className="mt-3 leading-relaxed whitespace-pre-line text-neutral-800">{product.description}</p>
          {product.tags.length > 0 && <p className="sr-only">Related tags: {product.tags.join(', ')}</p>}
        </section>
        <ProductSpecs product={product} />
      </div>

      <RelatedProducts products={delivery.forPincode?.relatedProducts ?? product.relatedProducts} />
      <ProductReviews product={product} />
    </div>
  );
}

/**
 * The product's delivery badges. Same-day is promised only where it holds: once the chosen PIN
 * code's earliest date is known and is not today, that date takes the badge's place (rather than
 * the badge going, which would move what is below it).
 */
function DeliveryPromises({
  options,
  earliest,
}: {
  options: ProductDetail['deliveryOptions'];
  earliest: string | null;
}) {
  if (!options.sameDayDelivery && !options.expressDelivery) return null;
  const today = todayIst();
  return (
    <ul className="flex flex-wrap gap-2 text-sm text-neutral-800">
      {options.sameDayDelivery &&
        (earliest === null || earliest === today ? (
          <li className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-3 py-1">
            <Timer className="h-4 w-4 text-leaf-600" aria-hidden="true" />
            Same-day delivery
          </li>
        ) : (
          <li className="inline-flex items-center gap-1.5 rounded-full bg-neutral-100 px-3 py-1">
            <Truck className="h-4 w-4 text-neutral-700" aria-hidden="true" />
            {earliestDeliveryText(dayName(earliest, today))}
          </li>
        ))}
      {options.expressDelivery && (
        <li className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1">
          <Truck className="h-4 w-4 text-brand-700" aria-hidden="true" />
          Express delivery
        </li>
      )}
    </ul>
  );
}

function NotFound() {
  usePageTitle('Product not found');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <PackageSearch className="h-12 w-12 text-brand-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-neutral-900">Product not found</h1>
      <p className="text-neutral-700">This gift may have been removed or the link may be wrong.</p>
      <Link to="/products" className={buttonClasses('primary', 'lg')}>
        Browse all products
      </Link>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading product…
      </span>
      <Skeleton className="h-4 w-64" />
      <div className="mt-5 grid gap-8 md:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-10 w-32" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        </div>
      </div>
    </div>
  );
}
