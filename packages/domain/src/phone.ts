/**
 * An Indian mobile number as shoppers type it: ten digits starting 6 to 9, with or without +91,
 * 91 or a leading 0, spaces or dashes anywhere. Returns the canonical `+91XXXXXXXXXX`, or null.
 */
export function normalizeIndianMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}

export const PHONE_MESSAGE = 'Enter a 10-digit Indian mobile number';

/** The spec shows the phone with a +91 prefix when it has none. */
export function displayPhone(phone: string): string {
  return phone.startsWith('+91') ? phone : `+91 ${phone}`;
}
