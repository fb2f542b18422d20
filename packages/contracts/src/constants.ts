/**
 * Plain values the web app's first page needs. They live apart from the zod schemas so that
 * importing one does not bring zod and every schema into the page's scripts: with the package
 * marked free of side effects, a bundler keeps only the modules whose exports are used.
 */

/** The most products one wishlist holds, on an account or in a browser. */
export const WISHLIST_MAX_PRODUCTS = 200;
export const WISHLIST_FULL = `Your wishlist is full (${WISHLIST_MAX_PRODUCTS} products). Remove one to add another.`;

/**
 * A product page's HTML carries the product as this element's JSON (a `productDetailSchema`
 * answer), so the web app starts from it instead of asking the API again.
 */
export const PRODUCT_DATA_ELEMENT_ID = 'product-data';

/**
 * A page the server rendered carries, in this element, the JSON the web app hydrates from: the
 * query cache the server filled (`StorefrontPage['state']`). Its absence means the page is the
 * app's plain shell, rendered in the browser.
 */
export const STOREFRONT_STATE_ELEMENT_ID = 'storefront-state';
