import { useSyncExternalStore } from 'react';

/** Spec "Global layout": the expanded/collapsed state lives in this cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;
/** Mobile layout applies at 768px or less (spec section 9). */
export const MOBILE_QUERY = '(max-width: 768px)';

// The shared cookie helpers percent-encode the name ('sidebar%3Astate'); the spec names the
// cookie 'sidebar:state', which browsers accept as is, so it is read and written literally here.
export function readSidebarCookie(): boolean {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

function writeSidebarCookie(expanded: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

interface SidebarState {
  /** Desktop: full 16rem menu (true) or the 3rem icon rail (false). */
  expanded: boolean;
  /** Mobile: whether the off-canvas sheet is showing. */
  mobileOpen: boolean;
}

// Read lazily so the cookie present when the app first renders decides the state.
let state: SidebarState | undefined;
const listeners = new Set<() => void>();

function current(): SidebarState {
  state ??= { expanded: readSidebarCookie(), mobileOpen: false };
  return state;
}

function update(next: Partial<SidebarState>): void {
  state = { ...current(), ...next };
  for (const l of listeners) l();
}

export const sidebarActions = {
  setExpanded(expanded: boolean): void {
    writeSidebarCookie(expanded);
    update({ expanded });
  },
  setMobileOpen(mobileOpen: boolean): void {
    update({ mobileOpen });
  },
  /** Ctrl/Cmd+b and the toggle buttons: the sheet on mobile, the rail on desktop. */
  toggle(isMobile: boolean): void {
    if (isMobile) sidebarActions.setMobileOpen(!current().mobileOpen);
    else sidebarActions.setExpanded(!current().expanded);
  },
  /** Logout closes the sidebar (spec section 4). */
  close(): void {
    sidebarActions.setExpanded(false);
    sidebarActions.setMobileOpen(false);
  },
};

export function useSidebarState(): SidebarState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    current,
    current,
  );
}

function subscribeMedia(onChange: () => void): () => void {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMedia,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
