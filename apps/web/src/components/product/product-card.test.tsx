import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProductSummary } from '@store/contracts';
import { CARD_PICTURE_SIZES, earliestDeliveryText, ProductCard } from './product-card.js';

afterEach(cleanup);

const product = (images: Partial<ProductSummary>): ProductSummary =>
  ({
    _id: '0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b',
    name: 'Red Roses',
    price: 999,
    discountPrice: 0,
    rating: 4.5,
    numReviews: 3,
    createdAt: '2020-01-01T00:00:00.000Z',
    image: '',
    optimizedImages: { thumbnail: '', detail: '' },
    ...images,
  }) as ProductSummary;

const picture = (p: ProductSummary, priority?: boolean) => {
  render(
    <MemoryRouter>
      <ProductCard product={p} priority={priority} />
    </MemoryRouter>,
  );
  return screen.getByRole('img', { name: 'Red Roses' });
};

describe('a product card picture', () => {
  it('offers the 400 and 800 px copies for the width a card is drawn at, lazily below the fold', () => {
    const img = picture(
      product({
        image: '/uploads/demo/roses.0123abcdef-detail.webp',
        optimizedImages: {
          thumbnail: '/uploads/demo/roses.0123abcdef-thumb.webp',
          detail: '/uploads/demo/roses.0123abcdef-detail.webp',
        },
      }),
    );
    expect(img.getAttribute('src')).toBe('/uploads/demo/roses.0123abcdef-thumb.webp');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/demo/roses.0123abcdef-thumb.webp 400w, /uploads/demo/roses.0123abcdef-detail.webp 800w',
    );
    expect(img.getAttribute('sizes')).toBe(CARD_PICTURE_SIZES);
    expect(CARD_PICTURE_SIZES).toBe('(min-width: 769px) 300px, 50vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it("finds an upload's copies from its original's name, and loads a first-row card first", () => {
    const img = picture(product({ image: '/uploads/products/0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b.jpg' }), true);
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/products/0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b-thumb.webp 400w, /uploads/products/0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b-detail.webp 800w',
    );
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('sends a picture without copies as it is', () => {
    const img = picture(product({ image: 'https://cdn.example.com/roses.jpg' }));
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/roses.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});

describe("a product card's earliest delivery", () => {
  const card = (p: ProductSummary) =>
    render(
      <MemoryRouter>
        <ProductCard product={p} />
      </MemoryRouter>,
    ).container.querySelector('article')!;

  it.each([
    ['Today', 'Delivery Today'],
    ['Tomorrow', 'Delivery Tomorrow'],
    ['Thu, 3 Dec', 'Earliest Thu, 3 Dec'],
  ])("says '%s' from the server as '%s', on the picture, in the card's link", (label, said) => {
    const article = card(product({ earliestDelivery: { date: '2026-12-03', label } }));
    const text = screen.getByText(said);
    // Over the picture rather than on a line of its own: the card is as tall with it as without.
    expect(text.closest('a')?.querySelector('img')).not.toBeNull();
    expect(article.querySelectorAll('a')[0]?.textContent).toContain(said);
    expect(earliestDeliveryText(label)).toBe(said);
  });

  it('says nothing of delivery without a PIN code', () => {
    const article = card(product({}));
    expect(article.textContent).not.toMatch(/Delivery|Earliest/);
  });
});
