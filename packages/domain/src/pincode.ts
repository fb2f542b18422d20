export const PINCODE_LENGTH = 6;

/** Six digits; whether such a code exists is a question for the postal data, not the format. */
const PINCODE_PATTERN = /^[0-9]{6}$/;

export function isPincodeFormat(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

export const PINCODE_FORMAT_MESSAGE = 'Error - Enter 6 digits';
export const PINCODE_UNKNOWN_MESSAGE = 'Please enter a valid Pin';
