import { createStore } from '../lib/store.js';

/**
 * Checking out without an account (issue 35): set by 'Continue as guest', with the name and email
 * the shipping step asks. A store of its own, apart from the cart's: checkout's route guard reads
 * it on every page, and the cart's code stays off the first page every shopper downloads (ADR 049).
 */
export interface GuestCheckout {
  name: string;
  email: string;
}

const guest = createStore<GuestCheckout | null>(null, { key: 'guestCheckout' });

export const useGuestCheckout = (): GuestCheckout | null => guest.use();
export const setGuestCheckout = (next: GuestCheckout | null): void => guest.set(next);
