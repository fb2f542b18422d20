export { DEMO_PRODUCTS } from './catalogue.js';
export { type ProductImageFiles } from './artwork.js';
export { DEMO_PICTURES_DIR, picturesOf, placeDemoPictures, type DemoPicture } from './pictures.js';
export type * from './demo-types.js';
