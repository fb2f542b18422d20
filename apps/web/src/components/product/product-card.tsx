import { Link } from 'react-router';
import { Truck } from 'lucide-react';
import type { ProductSummary } from '@store/contracts';
import { productBadges, rupeesToPaise } from '@store/domain';
import { Price } from '../ui/price.js';
import { Stars } from '../ui/stars.js';
import { pictureProps } from '../../lib/pictures.js';

/** The badges of a product card (spec "Product card"): New, Sale and '{pct}% Off'. */
export function ProductBadges({ product }: { product: ProductSummary }) {
  const badges = productBadges({
    createdAt: new Date(product.createdAt),
    price: rupeesToPaise(product.price),
    discountPrice: rupeesToPaise(product.discountPrice),
  });
  if (!badges.isNew && !badges.isSale && badges.percentOff === null) return null;
  return (
    <div className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1">
      {badges.isNew && <span className="rounded bg-leaf-600 px-2 py-0.5 text-xs font-semibold text-white">New</span>}
      {badges.isSale && <span className="rounded bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Sale</span>}
      {badges.percentOff !== null && (
        <span className="rounded bg-amber-300 px-2 py-0.5 text-xs font-semibold text-neutral-900">
          {badges.percentOff}% Off
        </span>
      )}
    </div>
  );
}

/** A card's earliest delivery to the chosen PIN code, short enough for a phone's card: 'Delivery Today', 'Earliest Thu, 3 Dec'. */
export function earliestDeliveryText(label: string): string {
  return label === 'Today' || label === 'Tomorrow' ? `Delivery ${label}` : `Earliest ${label}`;
}

/**
 * Over the foot of the picture rather than on a line of its own: a card is as tall with a PIN code
 * as without one, so the cards of a listing that learns the PIN code after it has shown do not move.
 */
function EarliestDelivery({ label }: { label: string }) {
  return (
    <span className="pointer-events-none absolute bottom-2 left-2 inline-flex max-w-[calc(100%-1rem)] items-center gap-1 rounded bg-white/95 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-leaf-600 shadow-sm">
      {/* The words alone on a phone's narrow card, where 'Earliest Thu, 31 Dec' takes all its width. */}
      <Truck className="size-3.5 shrink-0 max-sm:hidden" aria-hidden="true" />
      {earliestDeliveryText(label)}
    </span>
  );
}

/**
 * How wide a card's picture is drawn. Every grid and carousel of cards has two columns on a phone;
 * past 768 px (the sidebar beside them) they are 200–300 px wide and the picture, cropped square
 * into a box 250 px tall, needs at least 250 px of it (ADR 042).
 */
export const CARD_PICTURE_SIZES = '(min-width: 769px) 300px, 50vw';

interface ProductCardProps {
  product: ProductSummary;
  /**
   * The first cards of a page are above the fold and one of them is its largest paint: load their
   * pictures at once and ahead of everything else.
   */
  priority?: boolean;
  /** Called as either link opens the product: a panel the card sits in closes on the way. */
  onOpen?: () => void;
}

export function ProductCard({ product, priority = false, onOpen }: ProductCardProps) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white transition-shadow hover:shadow-md">
      <Link to={`/product/${product._id}`} onClick={onOpen} className="relative block">
        <img
          {...pictureProps(product.optimizedImages.thumbnail || product.image, CARD_PICTURE_SIZES)}
          alt={product.name}
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="h-[150px] w-full object-cover md:h-[250px]"
        />
        <ProductBadges product={product} />
        {product.earliestDelivery ? <EarliestDelivery label={product.earliestDelivery.label} /> : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-medium text-neutral-900">
          <Link to={`/product/${product._id}`} onClick={onOpen} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <Price price={product.price} discountPrice={product.discountPrice} />
        <div className="mt-auto flex flex-wrap items-center gap-x-1 text-xs text-neutral-600">
          <Stars rating={product.rating} className="h-3.5 w-3.5" />
          <span className="whitespace-nowrap">{product.numReviews} reviews</span>
        </div>
      </div>
    </article>
  );
}
