/**
 * Plain values the web app needs (texts, limits, the admin lists' sorts). They live apart from the zod schemas so that
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

/** How long a password reset link works after it is sent. */
export const PASSWORD_RESET_VALID_MINUTES = 30;
/** The one answer to every request for a reset link, so it never tells whether an account exists. */
export const PASSWORD_RESET_SENT = 'If an account exists for that email, we have sent a link';
export const RESET_LINK_INVALID = 'This reset link is not valid. Ask for a new one.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Ask for a new one.';
export const RESET_LINK_USED = 'This reset link has already been used. Ask for a new one if you need to.';

/**
 * The one answer to every request for a sign-in code, so it never tells whether an account exists
 * (issue 35).
 */
export const SIGN_IN_CODE_SENT =
  'If an account has that email or mobile number, a 6-digit code is on its way. It works for 10 minutes.';
export const SIGN_IN_CODE_WRONG = 'That code is not right, or it has expired. Ask for a new one.';
export const SIGN_IN_CODE_BY_SMS_OFF = 'Codes by text message are not available. Ask for one by email.';

/** Rows per page of the admin's orders and users lists unless asked otherwise. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 200;

export const ADMIN_ORDER_SORTS = ['createdAt', 'number', 'total', 'deliveryDate'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const ADMIN_USER_SORTS = ['createdAt', 'name', 'email'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/**
 * The 409 an admin's save gets when someone saved the same thing since the form was loaded (ADR
 * 065): its `details.current` is the thing as it is now, in the shape its admin GET answers.
 */
export const STALE_MESSAGES = {
  product: 'This product changed since you opened it',
  coupon: 'This coupon changed since you opened it',
  user: 'This user changed since you opened it',
  slotType: 'This slot type changed since you opened it',
  area: 'This service area changed since you opened it',
} as const;
