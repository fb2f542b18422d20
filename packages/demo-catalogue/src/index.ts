export { DEMO_PRODUCTS } from './catalogue.js';
export { writeArtImages, type ProductImageFiles } from './artwork.js';
export type * from './demo-types.js';
