export const PINCODE_LENGTH = 6;

/** Six digits; whether such a code exists is a question for the postal data, not the format. */
const PINCODE_PATTERN = /^[0-9]{6}$/;

export function isPincodeFormat(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

/**
 * A PIN code as a client sent it (a string or a number, spaces around it), or null when it is not
 * six digits: every malformed one gets the same answer, whatever its type.
 */
export function pincodeFrom(input: unknown): string | null {
  const pincode = typeof input === 'string' || typeof input === 'number' ? String(input).trim() : '';
  return isPincodeFormat(pincode) ? pincode : null;
}

export const PINCODE_FORMAT_MESSAGE = 'Error - Enter 6 digits';
export const PINCODE_UNKNOWN_MESSAGE = 'Please enter a valid Pin';
