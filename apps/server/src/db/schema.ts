export * from '../modules/products/products.table.js';
export * from '../modules/pincodes/pincodes.table.js';
export * from '../modules/users/users.table.js';
export * from '../modules/orders/orders.table.js';
export * from '../modules/payments/payments.table.js';
export * from '../modules/delivery/delivery.table.js';
export * from '../modules/coupons/coupons.table.js';
export * from '../modules/invoices/invoices.table.js';
