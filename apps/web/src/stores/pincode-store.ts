import { useContext, useSyncExternalStore } from 'react';
import { isPincodeFormat } from '@store/domain';
import { RenderRequestContext } from '../lib/server-render.js';
import { createStore } from '../lib/store.js';

/**
 * The PIN code's copy in the `pincode` cookie, which the server reads to render listings and home
 * rows for it (entry-server.tsx): from localStorage alone, the server rendered every product and
 * the page shrank to what reaches the PIN code once it hydrated, a layout shift over the budget.
 */
const PINCODE_IN_COOKIE = /(?:^|;\s*)pincode=([^;]*)/;
const YEAR_S = 365 * 24 * 60 * 60;

/** The PIN code in a Cookie header or `document.cookie`, '' when none or not six digits. */
export function readPincodeCookie(cookie: string): string {
  const value = PINCODE_IN_COOKIE.exec(cookie)?.[1] ?? '';
  return isPincodeFormat(value) ? value : '';
}

/**
 * Null deletes it, by a date long past as well as max-age=0: a cookie jar that reads max-age=0 as
 * 'expires now' keeps the cookie for the rest of that millisecond (happy-dom does; CI caught it).
 */
function writePincodeCookie(pincode: string | null): void {
  const lifetime = pincode ? `max-age=${YEAR_S}` : 'max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = `pincode=${pincode ?? ''}; path=/; ${lifetime}; samesite=lax`;
}

/**
 * The recipient's PIN code, one for the whole store: chosen in the header, by the product page's
 * delivery check or by the address at checkout, and followed by the listings, the product page,
 * the cart and the shipping form. Null when none; kept as a bare string under the key the product
 * page used before it was a store, so a code checked then is still known. localStorage holds it;
 * the cookie follows.
 */
const pincode = createStore<string | null>(null, {
  key: 'pincode',
  revive: (stored) => (typeof stored === 'string' && isPincodeFormat(stored) ? stored : null),
});

/** The chosen PIN code outside React, '' when none. */
export const chosenPincode = (): string => pincode.get() ?? '';

let loadedWith: string | undefined;
/**
 * The cookie's PIN code as the page loaded, which the server rendered it with: read once, before
 * `keepPincodeCookie` rewrites it, so every part of the page hydrates as it was rendered. Only
 * the browser asks: the server's render always has its request (entry-server.tsx).
 */
const renderedPincode = (): string => (loadedWith ??= readPincodeCookie(document.cookie));

/**
 * Writes the kept PIN code's cookie on load, so the next visit is rendered for it: one chosen
 * before the cookie existed gets it, a cookie left after localStorage was cleared goes, and a
 * shopper who comes back within the year keeps it for another.
 */
export function keepPincodeCookie(): void {
  renderedPincode();
  writePincodeCookie(pincode.get());
}

/**
 * The chosen PIN code, '' when none. The server renders with the request's cookie and the page
 * hydrates with the cookie it loaded with, so both show the same products and nothing is fetched
 * again or moves when the page hydrates.
 */
export function usePincode(): string {
  const request = useContext(RenderRequestContext);
  return useSyncExternalStore(pincode.subscribe, chosenPincode, () =>
    request ? readPincodeCookie(request.cookie) : renderedPincode(),
  );
}

/** Makes a six-digit code the store's PIN code (anything else is ignored); null forgets it. */
export function choosePincode(next: string | null): void {
  if (next !== null && !isPincodeFormat(next)) return;
  if (next === pincode.get()) return;
  writePincodeCookie(next);
  pincode.set(next);
}

/** Whether the 'Deliver to' dialog is open: the header's control and the listings' prompt open it. */
const dialog = createStore(false);

export const setPincodeDialogOpen = (open: boolean): void => dialog.set(open);

export const openPincodeDialog = (): void => dialog.set(true);

export const usePincodeDialogOpen = (): boolean => dialog.use();
