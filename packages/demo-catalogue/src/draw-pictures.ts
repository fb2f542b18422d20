/**
 * Draws the shipped demo pictures again (`npm run pictures -w packages/demo-catalogue`): run it
 * after changing a product's art or adding a product, then commit `pictures/`.
 */
import { readdir, rm } from 'node:fs/promises';
import { DEMO_PRODUCTS } from './catalogue.js';
import { DEMO_PICTURES_DIR, drawDemoPictures } from './pictures.js';

// Drawn from nothing, so a picture of a product since removed does not linger.
await rm(DEMO_PICTURES_DIR, { recursive: true, force: true });
await drawDemoPictures(DEMO_PRODUCTS, DEMO_PICTURES_DIR);
const drawn = await readdir(DEMO_PICTURES_DIR);
console.log(`drew ${drawn.length} files into ${DEMO_PICTURES_DIR}`);
