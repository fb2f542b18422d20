import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import type { ProductDetail } from '@store/contracts';
import { asha, sentBodies, stubApi } from '../../test/account-test-utils.js';
import { setUserInfo } from '../../stores/user-store.js';
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

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

  function renderReviews(client = new QueryClient()) {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProductReviews product={product} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { user: userEvent.setup(), client };
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
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    expect(screen.queryByLabelText('Rating')).toBeNull();
  });
});

describe('writing a review', () => {
  const product = { _id: 'p1', rating: 0, numReviews: 0, reviews: [] };
  const signIn = () => act(() => setUserInfo({ ...asha, expirationTime: Date.now() + 60_000 }));

  function renderForm() {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProductReviews product={product} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { user, invalidate };
  }

  it("opens with 'Write a review' for a signed-in shopper, with the spec's ratings", async () => {
    signIn();
    const { user } = renderForm();
    expect(screen.queryByText('Please Login to write a Review')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Write a review' });
    expect(screen.queryByRole('heading', { name: 'Write a review' })).not.toBeNull();
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();

    await user.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const rating = screen.getByLabelText('Rating') as HTMLSelectElement;
    expect([...rating.options].map((o) => o.text)).toEqual([
      'Select…',
      '1 - Poor',
      '2 - Fair',
      '3 - Good',
      '4 - Very Good',
      '5 - Excellent',
    ]);
    expect([...rating.options].map((o) => o.value)).toEqual(['', '1', '2', '3', '4', '5']);
    expect(screen.getByLabelText('Comment').tagName).toBe('TEXTAREA');
  });

  it('needs a rating and a comment before asking the server', async () => {
    signIn();
    vi.spyOn(toast, 'error');
    const fetchMock = stubApi({});
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(toast.error).toHaveBeenCalledWith('Select a rating');
    expect(screen.getByLabelText('Rating').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Comment').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the review, says 'Review created successfully', closes and empties the form and refreshes the product", async () => {
    signIn();
    vi.spyOn(toast, 'success');
    const fetchMock = stubApi({ 'POST /api/products/p1/reviews': [201, { message: 'Review created successfully' }] });
    const { user, invalidate } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    await user.selectOptions(screen.getByLabelText('Rating'), '4');
    await user.type(screen.getByLabelText('Comment'), '  Fresh and on time  ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Review created successfully'));
    expect(sentBodies(fetchMock, 'POST /api/products/p1/reviews')).toEqual([
      { productId: 'p1', rating: 4, comment: 'Fresh and on time' },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['Product'] });
    expect(screen.getByRole('button', { name: 'Write a review' }).getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    expect((screen.getByLabelText('Rating') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
  });

  it("says the server's refusal, such as a second review, and keeps what was typed", async () => {
    signIn();
    vi.spyOn(toast, 'error');
    stubApi({ 'POST /api/products/p1/reviews': [409, { message: 'You have already reviewed this product' }] });
    const { user, invalidate } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    await user.selectOptions(screen.getByLabelText('Rating'), '5');
    await user.type(screen.getByLabelText('Comment'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You have already reviewed this product'));
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Again');
    expect(invalidate).not.toHaveBeenCalled();
  });
});
