import { createStore } from '../lib/store.js';

/** Whether the cart side panel is open: the header's cart icon and Add To Cart both open it. */
const open = createStore(false);

export const setCartPanelOpen = (next: boolean): void => open.set(next);

export const useCartPanelOpen = (): boolean => open.use();
