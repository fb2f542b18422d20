import type { ShippingAddressInput } from '@store/contracts';
import {
  isPincodeFormat,
  normalizeIndianMobile,
  PHONE_MESSAGE,
  PINCODE_FORMAT_MESSAGE,
  sameAddress,
  type AddressFields,
} from '@store/domain';
import { ApiError } from './api.js';

/** A recipient's address as a form holds it: the phone as typed, shown without +91. */
export type AddressValues = ShippingAddressInput;
export type AddressField = keyof AddressValues;
export type AddressErrors = Partial<Record<AddressField, string>>;

/**
 * The fields in form order (the first wrong one takes focus), with their labels. The order is an
 * Indian address's (ADR 082): the PIN code, which fills City and State, then the place from the
 * door outwards, then whom it is for. The API keeps the spec's names: House or flat is `address`
 * (the spec's optional line 1) and Street or area `address2` (its required line 2).
 */
export const ADDRESS_FIELDS: { name: AddressField; label: string; optional?: true }[] = [
  { name: 'postalCode', label: 'Pin Code' },
  { name: 'address', label: 'House or flat', optional: true },
  { name: 'address2', label: 'Street or area' },
  { name: 'landmark', label: 'Landmark', optional: true },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'phone', label: 'Phone' },
];

export const emptyAddress = (): AddressValues => ({
  firstName: '',
  lastName: '',
  address: '',
  address2: '',
  landmark: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
});

/**
 * What is wrong with an address, in the server's terms: everything but House or flat and Landmark
 * is required, the PIN code is six digits and the phone an Indian mobile (+91 optional).
 */
export function addressErrors(values: AddressValues): AddressErrors {
  const errors: AddressErrors = {};
  for (const { name, label, optional } of ADDRESS_FIELDS) {
    if (!optional && !values[name].trim()) errors[name] = `${label} is required`;
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
export function cleanAddress(values: AddressValues): AddressValues {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as AddressValues;
  const phone = normalizeIndianMobile(trimmed.phone);
  return { ...trimmed, phone: phone ? phone.slice(3) : trimmed.phone };
}

/** An address the server sent (phone +91XXXXXXXXXX) as the form shows it. */
export function formAddress(address: AddressFields): AddressValues {
  const { firstName, lastName, address: line1, address2, landmark, city, state, postalCode, phone } = address;
  return {
    firstName,
    lastName,
    address: line1,
    address2,
    landmark,
    city,
    state,
    postalCode,
    phone: phone.replace(/^\+91/, ''),
  };
}

/** The saved address the form holds now (capitals, spaces and the phone's +91 aside), if any. */
export function savedAddressOf<T extends AddressFields>(saved: readonly T[], values: AddressValues): T | undefined {
  const typed = { ...values, phone: normalizeIndianMobile(values.phone) ?? values.phone };
  return saved.find((address) => sameAddress(address, typed));
}

export function firstInvalid(errors: AddressErrors): AddressField | undefined {
  return ADDRESS_FIELDS.find(({ name }) => errors[name])?.name;
}

/**
 * The fields a refusal of an address book entry is about, each with its message, as the server
 * names them in `details` ([{ field, message }]); empty when it names none.
 */
export function addressErrorsOfApiError(err: unknown): AddressErrors {
  const errors: AddressErrors = {};
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return errors;
  for (const detail of err.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (ADDRESS_FIELDS.some((f) => f.name === field) && typeof message === 'string') {
      errors[field as AddressField] ??= message;
    }
  }
  return errors;
}
