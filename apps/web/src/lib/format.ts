import { displayPhone, formatInr, normalizeIndianMobile, rupeesToPaise } from '@store/domain';

/** Rupees as the API gives them → '₹1,299'. */
export function inr(rupees: number): string {
  return formatInr(rupeesToPaise(rupees));
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** '22 Nov 2026'. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** '22 Nov 2026, 3:45 pm'. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

// The store runs on India Standard Time (ADR 023): an admin abroad still sees the shop's clock.
const istDateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** '22 Nov 2026, 3:45 pm' in IST, whatever the browser's time zone. */
export function formatIstDateTime(iso: string): string {
  return istDateTimeFormat.format(new Date(iso));
}

/**
 * A mobile number shown as '+91 9847012345', however it was typed or stored (with +91 or
 * without): the spec's +91 prefix before the ten digits.
 */
export function showPhone(phone: string): string {
  const canonical = normalizeIndianMobile(phone);
  return displayPhone(canonical ? canonical.slice(3) : phone);
}

/** 'Flat 4B, 12 MG Road, Ernakulam, Kerala 682011': line 1 only when there is one. */
export function formatAddress(a: {
  address: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
}) {
  return [a.address, a.address2, a.city, `${a.state} ${a.postalCode}`]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
