import { GST_STATES, gstStateByCode, gstStateOf, stateNameKey } from './gstin.js';

/** Where a PIN code is, as India Post's directory files it. */
export interface PincodePlace {
  pincode: string;
  district: string;
  state: string;
}

/**
 * India Post still files Leh and Kargil under Jammu & Kashmir; they have been the union territory
 * of Ladakh since 31 October 2019.
 */
const LADAKH_DISTRICTS = new Set(['leh', 'kargil']);
const JAMMU_AND_KASHMIR = '01';
const LADAKH = gstStateByCode('38')!;

/**
 * The state or union territory a PIN code is in, under its name today ('Orissa' → 'Odisha',
 * 'Pondicherry' → 'Puducherry', Leh → 'Ladakh'); the directory's own name when it is none the
 * store knows.
 */
export function pincodeStateName(place: Pick<PincodePlace, 'district' | 'state'>): string {
  const state = gstStateOf(place.state);
  if (state?.code === JAMMU_AND_KASHMIR && LADAKH_DISTRICTS.has(stateNameKey(place.district))) return LADAKH.name;
  return state?.name ?? place.state;
}

/** The states and union territories an address can name, as a form offers them, A to Z. */
export const INDIAN_STATE_NAMES: readonly string[] = GST_STATES.filter((state) => state.code !== '97')
  .map((state) => state.name)
  .sort((a, b) => a.localeCompare(b));

/**
 * Whether two names mean one state or union territory, however they are written: capitals,
 * spaces, '&' for 'and', old names ('Orissa' is Odisha) and the union territories merged since
 * (Daman & Diu is part of Dadra and Nagar Haveli and Daman and Diu).
 */
export function sameState(a: string, b: string): boolean {
  const first = gstStateOf(a);
  const second = gstStateOf(b);
  if (first || second) return first?.code === second?.code;
  const key = stateNameKey(a);
  return key !== '' && key === stateNameKey(b);
}

/** Why an address cannot name this state with this PIN code ('PIN code 682011 is in Kerala'); null when they agree. */
export function pincodeStateProblem(place: PincodePlace, state: string): string | null {
  const actual = pincodeStateName(place);
  return sameState(actual, state) ? null : `PIN code ${place.pincode} is in ${actual}`;
}

/** A recipient's address, every part of it text (the phone as the server stores it, +91…). */
export interface AddressFields {
  firstName: string;
  lastName: string;
  address: string;
  address2: string;
  landmark: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

const ADDRESS_FIELDS: readonly (keyof AddressFields)[] = [
  'firstName',
  'lastName',
  'address',
  'address2',
  'landmark',
  'city',
  'state',
  'postalCode',
  'phone',
];

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** One recipient whether it was typed 'MG Road' or 'mg  road': capitals and spaces make no new address. */
export function sameAddress(a: AddressFields, b: AddressFields): boolean {
  return ADDRESS_FIELDS.every((field) => fold(a[field]) === fold(b[field]));
}

/** How many recipients one account's address book keeps. */
export const ADDRESS_BOOK_LIMIT = 20;
export const ADDRESS_BOOK_FULL_MESSAGE = `Your address book is full (${ADDRESS_BOOK_LIMIT} addresses). Remove one to save another.`;
