import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How far down each history entry of this visit was scrolled, by its location key. */
const positions = new Map<string, number>();

/**
 * A new page starts at the top (spec "Route guards"); Back and Forward return to where the
 * shopper was on that entry, so a listing comes back at the card they opened. The query cache
 * still holds the entry's data (a listing's loaded pages), so the page is as tall as when it was
 * left by the time this runs, before the first paint. A change of query string alone (a filter,
 * an admin's date) keeps the page where it is, as before.
 */
export function ScrollPositions() {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const entry = useRef(key);
  const shownPath = useRef(pathname);

  useEffect(() => {
    // The browser's own restoration would act before the entry's page is back and then fight this.
    window.history.scrollRestoration = 'manual';
    // Kept as it happens: by the time the next page renders, a shorter one has already cut it.
    const keep = () => positions.set(entry.current, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true });
    return () => window.removeEventListener('scroll', keep);
  }, []);

  useLayoutEffect(() => {
    entry.current = key;
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (pathname !== shownPath.current) window.scrollTo(0, 0);
    shownPath.current = pathname;
  }, [key, pathname, navigationType]);

  return null;
}
