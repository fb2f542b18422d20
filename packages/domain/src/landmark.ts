/**
 * A module of its own, apart from address.ts: the pages that print an address need only this, and
 * address.ts brings the GST states' table with it (measured: 1.5 KB on every admin page's first
 * load).
 */

/** The most a landmark may say: a place to look for, not directions. */
export const LANDMARK_MAX = 100;

/**
 * A landmark as whoever delivers reads it, after the street: 'Landmark: Opposite St. Teresa's
 * College'; '' when none was given (orders placed before it was asked for have none at all).
 */
export function landmarkLine(landmark: string | undefined): string {
  const place = landmark?.trim() ?? '';
  return place ? `Landmark: ${place}` : '';
}
