import { isPincodeFormat } from '@store/domain';
import { createStore } from '../lib/store.js';

/**
 * The recipient's PIN code, one for the whole store: chosen in the header, by the product page's
 * delivery check or by the address at checkout, and followed by the listings, the product page,
 * the cart and the shipping form. Null when none; kept as a bare string under the key the product
 * page used before it was a store, so a code checked then is still known.
 */
const pincode = createStore<string | null>(null, {
  key: 'pincode',
  revive: (stored) => (typeof stored === 'string' && isPincodeFormat(stored) ? stored : null),
});

/** The chosen PIN code, '' when none; '' too while the page hydrates (the server cannot know it). */
export const usePincode = (): string => pincode.use() ?? '';

/** The chosen PIN code outside React, '' when none. */
export const chosenPincode = (): string => pincode.get() ?? '';

/** Makes a six-digit code the store's PIN code (anything else is ignored); null forgets it. */
export function choosePincode(next: string | null): void {
  if (next !== null && !isPincodeFormat(next)) return;
  if (next !== pincode.get()) pincode.set(next);
}

/** Whether the 'Deliver to' dialog is open: the header's control and the listings' prompt open it. */
const dialog = createStore(false);

export const setPincodeDialogOpen = (open: boolean): void => dialog.set(open);

export const openPincodeDialog = (): void => dialog.set(true);

export const usePincodeDialogOpen = (): boolean => dialog.use();
