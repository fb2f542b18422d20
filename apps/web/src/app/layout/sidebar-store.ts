import { useContext, useMemo, useSyncExternalStore } from 'react';
import { RenderRequestContext } from '../../lib/server-render.js';
import { createStore } from '../../lib/store.js';

/** Spec "Global layout": the expanded/collapsed state lives in this cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

// The shared cookie helpers percent-encode the name ('sidebar%3Astate'); the spec names the
// cookie 'sidebar:state', which browsers accept as is, so it is read and written literally here.
export function readSidebarCookie(cookie = document.cookie): boolean {
  const entry = cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
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

// The cookie present when the app first renders decides the state.
const store = createStore<SidebarState>(() => ({ expanded: readSidebarCookie(), mobileOpen: false }));
const current = store.get;
// The same object when nothing changes: the sheet closing on every route, the first included, would
// otherwise have the header and the sidebar render again as the page hydrates.
const update = (next: Partial<SidebarState>): void =>
  store.set((state) =>
    (Object.keys(next) as (keyof SidebarState)[]).every((key) => next[key] === state[key])
      ? state
      : { ...state, ...next },
  );

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

/**
 * The sidebar's state. The server renders it from the request's cookie and the page hydrates from
 * the same cookie, so a shopper who collapsed it never sees it open and close again.
 */
export function useSidebarState(): SidebarState {
  const request = useContext(RenderRequestContext);
  const rendered = useMemo(
    () => (request ? { expanded: readSidebarCookie(request.cookie), mobileOpen: false } : null),
    [request],
  );
  return useSyncExternalStore(store.subscribe, current, () => rendered ?? current());
}
