export * from './common.js';
export * from './products.js';
export * from './catalog.js';
export * from './pincodes.js';
export * from './health.js';
export * from './users.js';
export * from './orders.js';
export * from './admin-products.js';
