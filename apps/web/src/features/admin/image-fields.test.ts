import { expect, it } from 'vitest';
import { thumbnailOf } from './image-fields';

it.each([
  ['/uploads/products/abc.jpg', '/uploads/products/abc-thumb.webp'],
  ['/uploads/products/abc.png', '/uploads/products/abc-thumb.webp'],
  ['/uploads/demo/red-roses-detail.webp', '/uploads/demo/red-roses-thumb.webp'],
  ['/uploads/demo/red-roses-2-detail.webp', '/uploads/demo/red-roses-2-thumb.webp'],
  ['/images/typed-by-hand.jpg', '/images/typed-by-hand.jpg'],
])('shows %s by its small copy %s', (src, thumb) => {
  expect(thumbnailOf(src)).toBe(thumb);
});
