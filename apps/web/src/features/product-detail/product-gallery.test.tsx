import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { PRODUCT_MAIN_PICTURE_SIZES } from '@store/contracts';
import { galleryImages, ProductGallery } from './product-gallery.js';

afterEach(cleanup);

const demo = (name: string) => ({
  thumbnail: `/uploads/demo/${name}.0123abcdef-thumb.webp`,
  detail: `/uploads/demo/${name}.0123abcdef-detail.webp`,
});

describe('the product gallery', () => {
  it('draws the main picture from its copies at the page-wide sizes, first of all, and thumbnails from the 400 px copies', () => {
    const main = demo('cake');
    const extra = demo('cake-2');
    const images = galleryImages({
      image: main.detail,
      optimizedImages: main,
      optimizedProductImages: [{ original: extra.detail, optimized: { detail: extra.detail } }],
    });
    render(<ProductGallery name="Plum Cake" images={images} />);

    const picture = screen.getByRole('img', { name: 'Plum Cake' });
    expect(picture.getAttribute('src')).toBe(main.detail);
    expect(picture.getAttribute('srcset')).toBe(`${main.thumbnail} 400w, ${main.detail} 800w`);
    expect(picture.getAttribute('sizes')).toBe(PRODUCT_MAIN_PICTURE_SIZES);
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    expect(picture.getAttribute('loading')).toBe('eager');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['800', '800']);

    const strip = screen.getByRole('group', { name: 'Product images' });
    const thumbs = within(strip)
      .getAllByRole('button')
      .map((b) => b.querySelector('img')!);
    expect(thumbs.map((t) => t.getAttribute('src'))).toEqual([main.thumbnail, extra.thumbnail]);
    expect(thumbs.map((t) => t.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
  });
});
