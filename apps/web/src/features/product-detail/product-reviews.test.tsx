import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProductDetail } from '@store/contracts';
import { ProductReviews, ratingDistribution } from './product-reviews.js';

const review = (id: string, rating: number, over: Partial<ProductDetail['reviews'][number]> = {}) => ({
  _id: id,
  name: `Shopper ${id}`,
  rating,
  comment: `Comment ${id}`,
  verifiedPurchase: false,
  createdAt: '2026-11-09T08:45:55.764Z',
  ...over,
});

afterEach(cleanup);

describe('rating distribution', () => {
  it.each([
    { case: 'no reviews', ratings: [], expected: [0, 0, 0, 0, 0] },
    { case: 'three fives, a four and a one', ratings: [5, 5, 5, 4, 1], expected: [60, 20, 0, 0, 20] },
    { case: 'thirds round to whole percent', ratings: [5, 3, 2], expected: [33, 0, 33, 33, 0] },
  ])('$case', ({ ratings, expected }) => {
    const dist = ratingDistribution(ratings.map((rating) => ({ rating })));
    expect(dist.map((d) => d.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(dist.map((d) => d.percent)).toEqual(expected);
  });
});

describe('customer reviews', () => {
  const product = {
    _id: 'p1',
    rating: 4,
    numReviews: 5,
    reviews: [
      review('a', 5, { verifiedPurchase: true, comment: '<b>Lovely</b> roses' }),
      review('b', 5),
      review('c', 5),
      review('d', 4),
      review('e', 1),
    ],
  };

  function renderReviews() {
    render(
      <MemoryRouter>
        <ProductReviews product={product} />
      </MemoryRouter>,
    );
  }

  it('shows a bar and percentage per star level, 5 down to 1', () => {
    renderReviews();
    expect(screen.queryByRole('heading', { name: 'Customer Reviews' })).not.toBeNull();
    const rows = within(screen.getByRole('list', { name: 'Rating distribution' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '5 star:60%',
      '4 star:20%',
      '3 star:0%',
      '2 star:0%',
      '1 star:20%',
    ]);
  });

  it('lists each review with its date, stars, comment as text and the verified tag', () => {
    renderReviews();
    const first = screen.getByText('Shopper a').closest('li')!;
    expect(within(first).queryByText('2026-11-09')).not.toBeNull();
    expect(within(first).queryByRole('img', { name: 'Rated 5.0 out of 5' })).not.toBeNull();
    expect(within(first).queryByText('<b>Lovely</b> roses')).not.toBeNull();
    expect(within(first).queryByText('Verified purchase')).not.toBeNull();
    expect(within(screen.getByText('Shopper b').closest('li')!).queryByText('Verified purchase')).toBeNull();
  });

  it('asks a signed-out shopper to log in to write a review', () => {
    renderReviews();
    const link = screen.getByRole('link', { name: 'Please Login to write a Review' });
    expect(link.getAttribute('href')).toBe('/login?redirect=/product/p1');
  });
});
