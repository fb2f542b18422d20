import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile layout applies at 768px or less (spec section 9). */
export const MOBILE_QUERY = '(max-width: 768px)';
/** Tailwind's `md`, from which the sidebar and the top menu show. */
export const WIDE_QUERY = '(min-width: 768px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether a CSS media query matches now; false where the browser has no matchMedia. */
export const matchesNow = (query: string): boolean => window.matchMedia?.(query).matches ?? false;

function useMatches<Unknown extends boolean | null>(query: string, unknown: Unknown): boolean | Unknown {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore<boolean | Unknown>(
    subscribe,
    () => matchesNow(query),
    () => unknown,
  );
}

/**
 * Whether a CSS media query matches now, following it as the window is resized or the system
 * setting changes. False where the browser has no matchMedia, on the server and while the page
 * hydrates: the server cannot know the screen, so what it renders must suit every one.
 */
export function useMediaQuery(query: string): boolean {
  return useMatches(query, false);
}

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);

/**
 * Whether the spec's mobile layout applies, or null on the server and while the page hydrates: a
 * page whose layout differs by width then renders both, each hidden by CSS where it does not
 * apply, so nothing moves when the answer arrives.
 */
export const useIsMobileOnceKnown = (): boolean | null => useMatches(MOBILE_QUERY, null);

/** Whether the sidebar and the top menu show (`md` and up). */
export const useIsWide = (): boolean => useMediaQuery(WIDE_QUERY);

/** Whether the shopper asked the system for less motion. */
export const useReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION_QUERY);
