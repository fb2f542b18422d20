import type { DemoProduct } from './demo-types.js';
import { CAKES } from './catalogue-cakes.js';
import { CHOCOLATES } from './catalogue-chocolates.js';
import { COMBOS } from './catalogue-combos.js';
import { FLOWERS } from './catalogue-flowers.js';

/** The demo catalogue seeded on first start of the embedded store. */
export const DEMO_PRODUCTS: DemoProduct[] = [...FLOWERS, ...CAKES, ...CHOCOLATES, ...COMBOS];
