import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile layout applies at 768px or less (spec section 9). */
export const MOBILE_QUERY = '(max-width: 768px)';
/** Tailwind's `md`, from which the sidebar and the top menu show. */
export const WIDE_QUERY = '(min-width: 768px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether a CSS media query matches now, following it as the window is resized or the system
 * setting changes. False where the browser has no matchMedia (and before hydration).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);

/** Whether the sidebar and the top menu show (`md` and up). */
export const useIsWide = (): boolean => useMediaQuery(WIDE_QUERY);

/** Whether the shopper asked the system for less motion. */
export const useReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION_QUERY);
