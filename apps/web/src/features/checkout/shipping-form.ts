import {
  GIFT_MESSAGE_MAX,
  isPincodeFormat,
  messageLength,
  normalizeIndianMobile,
  PHONE_MESSAGE,
  PINCODE_FORMAT_MESSAGE,
  SENDER_NAME_MAX,
} from '@store/domain';
import type { ShippingAddress } from '../../stores/cart-store.js';

export type ShippingField = keyof ShippingAddress;
export type ShippingErrors = Partial<Record<ShippingField, string>>;

/** The fields in form order (the first wrong one takes focus), with the labels their messages use. */
export const SHIPPING_FIELDS: { name: ShippingField; label: string }[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'address', label: 'Address Line 1' },
  { name: 'address2', label: 'Address Line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'postalCode', label: 'Pin Code' },
  { name: 'phone', label: 'Phone' },
];

export const NO_DELIVERY_MESSAGE = 'Delivery not available in this area yet';

export const emptyAddress = (): ShippingAddress => ({
  firstName: '',
  lastName: '',
  address: '',
  address2: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
});

/**
 * What is wrong with an address, in the server's terms: everything but Address Line 1 is
 * required, the PIN code is six digits and the phone an Indian mobile (+91 optional).
 */
export function shippingErrors(values: ShippingAddress): ShippingErrors {
  const errors: ShippingErrors = {};
  for (const { name, label } of SHIPPING_FIELDS) {
    if (name !== 'address' && !values[name].trim()) errors[name] = `${label} is required`;
  }
  const pin = values.postalCode.trim();
  if (pin && !isPincodeFormat(pin)) errors.postalCode = PINCODE_FORMAT_MESSAGE;
  if (values.phone.trim() && !normalizeIndianMobile(values.phone)) errors.phone = PHONE_MESSAGE;
  return errors;
}

/**
 * The address as it is saved in the cart: trimmed, and the phone as its ten digits (the pages
 * show it with the +91 prefix; the server stores it as +91XXXXXXXXXX).
 */
export function cleanAddress(values: ShippingAddress): ShippingAddress {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as ShippingAddress;
  const phone = normalizeIndianMobile(trimmed.phone);
  return { ...trimmed, phone: phone ? phone.slice(3) : trimmed.phone };
}

export function firstInvalid(errors: ShippingErrors): ShippingField | undefined {
  return SHIPPING_FIELDS.find(({ name }) => errors[name])?.name;
}

export interface GiftMessageValues {
  message: string;
  senderName: string;
}
export type GiftMessageErrors = Partial<Record<keyof GiftMessageValues, string>>;

/** The server's limits, counted as a reader counts letters (a Malayalam letter with its sign is one). */
export function giftMessageErrors(values: GiftMessageValues): GiftMessageErrors {
  const errors: GiftMessageErrors = {};
  if (messageLength(values.message.trim()) > GIFT_MESSAGE_MAX) {
    errors.message = `Message must be at most ${GIFT_MESSAGE_MAX} characters`;
  }
  if (messageLength(values.senderName.trim()) > SENDER_NAME_MAX) {
    errors.senderName = `Sender name must be at most ${SENDER_NAME_MAX} characters`;
  }
  return errors;
}
