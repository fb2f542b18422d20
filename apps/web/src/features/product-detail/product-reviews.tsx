import { Link } from 'react-router';
import { BadgeCheck, Info } from 'lucide-react';
import type { ProductDetail } from '@store/contracts';
import { Stars } from '../../components/ui/stars.js';
import { useUserInfo } from '../../stores/user-store.js';
import { ReviewForm } from './review-form.js';

type Review = ProductDetail['reviews'][number];

/** Share of reviews at each star level, 5 down to 1, in whole percent. */
export function ratingDistribution(reviews: readonly Pick<Review, 'rating'>[]): { stars: number; percent: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => {
    const n = reviews.filter((r) => Math.round(r.rating) === stars).length;
    return { stars, percent: reviews.length ? Math.round((n / reviews.length) * 100) : 0 };
  });
}

interface ProductReviewsProps {
  product: Pick<ProductDetail, '_id' | 'rating' | 'numReviews' | 'reviews'>;
}

export function ProductReviews({ product }: ProductReviewsProps) {
  const user = useUserInfo();
  const { reviews } = product;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
      <h2 id="reviews-heading" className="text-xl font-semibold text-neutral-900 md:text-2xl">
        Customer Reviews
      </h2>
      <div className="mt-4 grid gap-8 md:grid-cols-[18rem_1fr]">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <span className="text-4xl font-bold text-neutral-900">{product.rating.toFixed(1)}</span>
            <div className="flex flex-col gap-1">
              <Stars rating={product.rating} className="h-5 w-5" />
              <span className="text-sm text-neutral-600">
                Based on {product.numReviews} {product.numReviews === 1 ? 'review' : 'reviews'}
              </span>
            </div>
          </div>
          <ul aria-label="Rating distribution" className="flex flex-col gap-1.5">
            {ratingDistribution(reviews).map(({ stars, percent }) => (
              <li key={stars} className="flex items-center gap-2 text-sm">
                <span className="w-12 shrink-0 text-neutral-700">
                  {stars} star<span className="sr-only">:</span>
                </span>
                <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-neutral-200">
                  <span className="block h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
                </span>
                <span className="w-10 shrink-0 text-right text-neutral-700 tabular-nums">{percent}%</span>
              </li>
            ))}
          </ul>
          {user ? (
            <ReviewForm productId={product._id} />
          ) : (
            <div>
              <h3 className="font-semibold text-neutral-900">Write a review</h3>
              <p className="mt-2 flex items-start gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
                <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <Link to={`/login?redirect=/product/${product._id}`} className="font-semibold underline">
                  Please Login to write a Review
                </Link>
              </p>
            </div>
          )}
        </div>

        {reviews.length === 0 ? (
          <p className="text-neutral-700">No reviews yet. Be the first to share your experience.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-neutral-200">
            {reviews.map((r) => (
              <li key={r._id} className="py-4 first:pt-0">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-neutral-900">{r.name}</span>
                  {r.verifiedPurchase && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-leaf-600">
                      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                      Verified purchase
                    </span>
                  )}
                </div>
                <div className="mt-1 flex items-center gap-2">
                  <Stars rating={r.rating} />
                  <time dateTime={r.createdAt} className="text-sm text-neutral-600">
                    {r.createdAt.slice(0, 10)}
                  </time>
                </div>
                <p className="mt-2 whitespace-pre-line text-neutral-800">{r.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
