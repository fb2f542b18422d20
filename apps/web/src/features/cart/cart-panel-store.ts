import { useSyncExternalStore } from 'react';

/** Whether the cart side panel is open: the header's cart icon and Add To Cart both open it. */
let open = false;
const listeners = new Set<() => void>();

export function setCartPanelOpen(next: boolean): void {
  open = next;
  for (const l of listeners) l();
}

export function useCartPanelOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => open,
  );
}
