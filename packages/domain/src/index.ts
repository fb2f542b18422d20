export * from './catalog.js';
export * from './money.js';
export * from './pricing.js';
export * from './badges.js';
export * from './cart.js';
export * from './pincode.js';
export * from './password.js';
export * from './phone.js';
