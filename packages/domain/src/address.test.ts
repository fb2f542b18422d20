import { describe, expect, it } from 'vitest';
import {
  INDIAN_STATE_NAMES,
  pincodeStateName,
  pincodeStateProblem,
  sameAddress,
  sameState,
  type AddressFields,
} from './address.js';
import { landmarkLine } from './landmark.js';

describe('the state a PIN code is in', () => {
  it.each([
    { district: 'Ernakulam', state: 'Kerala', name: 'Kerala' },
    { district: 'Cuttack', state: 'Orissa', name: 'Odisha' },
    { district: 'Pondicherry', state: 'Pondicherry', name: 'Puducherry' },
    { district: 'Raipur', state: 'Chattisgarh', name: 'Chhattisgarh' },
    { district: 'Daman', state: 'Daman & Diu', name: 'Dadra and Nagar Haveli and Daman and Diu' },
    { district: 'South Andaman', state: 'Andaman & Nicobar', name: 'Andaman and Nicobar Islands' },
    { district: 'Srinagar', state: 'Jammu & Kashmir', name: 'Jammu and Kashmir' },
    // Filed under Jammu & Kashmir by India Post, Ladakh since 2019.
    { district: 'Leh', state: 'Jammu & Kashmir', name: 'Ladakh' },
    { district: 'Kargil', state: 'Jammu & Kashmir', name: 'Ladakh' },
    { district: 'Somewhere', state: 'Atlantis', name: 'Atlantis' },
  ])('$district, $state is in $name', ({ district, state, name }) => {
    expect(pincodeStateName({ district, state })).toBe(name);
  });
});

describe('two names of one state', () => {
  it.each([
    ['Kerala', 'kerala'],
    ['Tamil Nadu', '  tamil   NADU '],
    ['Tamil Nadu', 'TamilNadu'],
    ['Jammu & Kashmir', 'Jammu and Kashmir'],
    ['Andaman & Nicobar', 'Andaman and Nicobar Islands'],
    ['Orissa', 'Odisha'],
    ['Pondicherry', 'Puducherry'],
    ['Uttaranchal', 'Uttarakhand'],
    ['Chattisgarh', 'Chhattisgarh'],
    ['Delhi', 'NCT of Delhi'],
    ['Daman & Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['Dadra & Nagar Haveli', 'Daman and Diu'],
    ['Atlantis', 'atlantis'],
  ])('%j is %j', (a, b) => {
    expect(sameState(a, b)).toBe(true);
    expect(sameState(b, a)).toBe(true);
  });

  it.each([
    ['Kerala', 'Karnataka'],
    ['Telangana', 'Andhra Pradesh'],
    ['Ladakh', 'Jammu and Kashmir'],
    ['Kerala', 'Kerela'],
    ['Kerala', ''],
    ['', ''],
    ['Atlantis', 'Lemuria'],
  ])('%j is not %j', (a, b) => {
    expect(sameState(a, b)).toBe(false);
    expect(sameState(b, a)).toBe(false);
  });
});

describe('an address whose PIN code is in another state', () => {
  const kochi = { pincode: '682011', district: 'Ernakulam', state: 'Kerala' };
  const leh = { pincode: '194101', district: 'Leh', state: 'Jammu & Kashmir' };

  it('is refused, naming the state the PIN code is in', () => {
    expect(pincodeStateProblem(kochi, 'Tamil Nadu')).toBe('PIN code 682011 is in Kerala');
    expect(pincodeStateProblem(kochi, 'Kerela')).toBe('PIN code 682011 is in Kerala');
    expect(pincodeStateProblem(leh, 'Jammu and Kashmir')).toBe('PIN code 194101 is in Ladakh');
    expect(pincodeStateProblem({ pincode: '751001', district: 'Khorda', state: 'Odisha' }, 'Bihar')).toBe(
      'PIN code 751001 is in Odisha',
    );
  });

  it('is accepted however the state is written', () => {
    expect(pincodeStateProblem(kochi, ' KERALA ')).toBeNull();
    expect(pincodeStateProblem(leh, 'ladakh')).toBeNull();
    expect(pincodeStateProblem({ pincode: '751001', district: 'Khorda', state: 'Odisha' }, 'Orissa')).toBeNull();
  });
});

describe('one address, however it is typed', () => {
  const asha: AddressFields = {
    firstName: 'Asha',
    lastName: 'Menon',
    address: 'Flat 4B',
    address2: '12 MG Road',
    landmark: "Opposite St. Teresa's College",
    city: 'Kochi',
    state: 'Kerala',
    postalCode: '682011',
    phone: '+919847012345',
  };

  it('ignores capitals and spaces', () => {
    const retyped = { address: 'flat  4b', address2: '12 M G ROAD ', landmark: "opposite st. teresa's  college" };
    expect(sameAddress(asha, { ...asha, ...retyped, city: 'KOCHI' })).toBe(true);
  });

  it.each<keyof AddressFields>([
    'firstName',
    'lastName',
    'address',
    'address2',
    'landmark',
    'city',
    'state',
    'postalCode',
    'phone',
  ])('tells addresses apart by %s', (field) => {
    expect(sameAddress(asha, { ...asha, [field]: `${asha[field]}1` })).toBe(false);
  });
});

describe('a landmark as it is printed', () => {
  it.each([
    ["Opposite St. Teresa's College", "Landmark: Opposite St. Teresa's College"],
    ['  Near the Lulu Mall signal ', 'Landmark: Near the Lulu Mall signal'],
    ['', ''],
    ['   ', ''],
    // Orders placed before the form asked for one.
    [undefined, ''],
  ])('%j prints as %j', (landmark, line) => {
    expect(landmarkLine(landmark)).toBe(line);
  });
});

describe('the states an address can name', () => {
  it('are the 28 states and 8 union territories, A to Z, each its own', () => {
    expect(INDIAN_STATE_NAMES).toHaveLength(36);
    expect(INDIAN_STATE_NAMES[0]).toBe('Andaman and Nicobar Islands');
    expect(INDIAN_STATE_NAMES).toContain('Ladakh');
    expect(INDIAN_STATE_NAMES).not.toContain('Other Territory');
    expect(
      new Set(INDIAN_STATE_NAMES.map((name) => INDIAN_STATE_NAMES.filter((n) => sameState(n, name)).length)),
    ).toEqual(new Set([1]));
  });
});
