import { readJson, writeJson } from './storage.js';

const STORAGE_KEY = 'pincode';

/**
 * The PIN code the shopper last checked on a product page ('' when none): the cart panel's
 * shipping estimate and an empty shipping form start from it.
 */
export function checkedPincode(): string {
  const pincode = readJson<unknown>(STORAGE_KEY, '');
  return typeof pincode === 'string' ? pincode : '';
}

export function rememberCheckedPincode(pincode: string): void {
  writeJson(STORAGE_KEY, pincode);
}
