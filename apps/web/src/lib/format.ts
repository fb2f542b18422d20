import {
  displayPhone,
  formatInr,
  landmarkLine,
  normalizeIndianMobile,
  rupeesToPaise,
  STORE_TIME_ZONE,
} from '@store/domain';
import { dateFormatter } from './date-formatter.js';

/** Rupees as the API gives them → '₹1,299'. */
export function inr(rupees: number): string {
  return formatInr(rupeesToPaise(rupees));
}

/** '−₹100': a true minus sign, so it reads as one (and screen readers say minus). */
export const minusInr = (rupees: number) => `\u2212${inr(rupees)}`;

// One rule for every date and time on screen: India Standard Time (ADR 023), the shop's clock,
// whatever the browser's zone, so an order's 'Placed on' agrees with its timeline and an admin
// abroad sees the times the shop works to.
const dateFormat = dateFormatter({ day: 'numeric', month: 'short', year: 'numeric', timeZone: STORE_TIME_ZONE });
const dateTimeFormat = dateFormatter({ dateStyle: 'medium', timeStyle: 'short', timeZone: STORE_TIME_ZONE });

/** '22 Nov 2026', the IST date of an instant. */
export function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

/** '22 Nov 2026, 3:45 pm' in IST. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
}

/**
 * A mobile number shown as '+91 9847012345', however it was typed or stored (with +91 or
 * without): the spec's +91 prefix before the ten digits.
 */
export function showPhone(phone: string): string {
  const canonical = normalizeIndianMobile(phone);
  return displayPhone(canonical ? canonical.slice(3) : phone);
}

/**
 * 'Flat 4B, 12 MG Road, Landmark: Opposite St. Teresa's College, Ernakulam, Kerala 682011': the
 * house and the landmark only when there are. A cart kept before the landmark was asked has none.
 */
export function formatAddress(a: {
  address: string;
  address2: string;
  landmark?: string;
  city: string;
  state: string;
  postalCode: string;
}) {
  return [a.address, a.address2, landmarkLine(a.landmark), a.city, `${a.state} ${a.postalCode}`]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
