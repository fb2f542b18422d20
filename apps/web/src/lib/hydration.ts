import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates it; true from the render
 * after, and at once on a page the browser renders on its own. For what only this browser knows
 * (its cart, say), so the server's HTML and hydration agree and the browser's own data follows.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
