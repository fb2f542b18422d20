import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following it as the window is resized. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec's mobile layout applies at 768px or less. */
export const MOBILE_QUERY = '(max-width: 768px)';
