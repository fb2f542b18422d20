import { describe, expect, it } from 'vitest';
import {
  DEMO_GSTIN,
  GST_STATES,
  gstStateByCode,
  gstStateOf,
  billingAddressProblem,
  gstinCheckCharacter,
  gstinProblem,
  gstinState,
  normaliseBillingAddress,
  normaliseGstin,
} from './gstin.js';

describe('GST states', () => {
  it('lists each current code once, in order, with a name', () => {
    const codes = GST_STATES.map((state) => state.code);
    expect(codes).toEqual([...new Set(codes)].sort());
    expect(codes).toHaveLength(37);
    for (const state of GST_STATES) {
      expect(state.code).toMatch(/^[0-9]{2}$/);
      expect(state.name).not.toBe('');
    }
  });

  it.each([
    { code: '01', name: 'Jammu and Kashmir' },
    { code: '07', name: 'Delhi' },
    { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
    { code: '29', name: 'Karnataka' },
    { code: '32', name: 'Kerala' },
    { code: '36', name: 'Telangana' },
    { code: '37', name: 'Andhra Pradesh' },
    { code: '38', name: 'Ladakh' },
    { code: '97', name: 'Other Territory' },
  ])('$code is $name', ({ code, name }) => {
    expect(gstStateByCode(code)).toEqual({ code, name });
  });

  it.each(['00', '25', '28', '39', '40', '99', '1', '032', ''])('%j is no current state code', (code) => {
    expect(gstStateByCode(code)).toBeUndefined();
  });

  it.each([
    { name: 'Kerala', code: '32' },
    { name: 'KERALA', code: '32' },
    { name: '  kerala ', code: '32' },
    { name: 'Tamil Nadu', code: '33' },
    { name: 'tamilnadu', code: '33' },
    { name: 'Andaman & Nicobar', code: '35' },
    { name: 'Andaman and Nicobar Islands', code: '35' },
    { name: 'Chattisgarh', code: '22' },
    { name: 'Chhattisgarh', code: '22' },
    { name: 'Dadra & Nagar Haveli', code: '26' },
    { name: 'Daman & Diu', code: '26' },
    { name: 'Dadra and Nagar Haveli and Daman and Diu', code: '26' },
    { name: 'Pondicherry', code: '34' },
    { name: 'Puducherry', code: '34' },
    { name: 'Delhi', code: '07' },
    { name: 'Jammu & Kashmir', code: '01' },
    { name: 'Jammu and Kashmir', code: '01' },
    { name: 'Orissa', code: '21' },
    { name: 'Odisha', code: '21' },
    { name: 'Telangana', code: '36' },
    { name: 'Andhra Pradesh', code: '37' },
    { name: 'Ladakh', code: '38' },
  ])('$name is state $code', ({ name, code }) => {
    expect(gstStateOf(name)?.code).toBe(code);
  });

  it.each(['', 'Atlantis', 'Andaman', 'Daman', '32'])('%j is no state', (name) => {
    expect(gstStateOf(name)).toBeUndefined();
  });
});

describe('GSTIN', () => {
  it.each([
    // Published examples whose check characters are known.
    { first14: '27AAPFU0939F1Z', check: 'V' },
    { first14: '29AAGCB7383J1Z', check: '4' },
    // Made up here; their check characters were worked out apart from this code.
    { first14: '29AAAAA0000A1Z', check: 'Y' },
    { first14: '32ABCDE1234F1Z', check: '9' },
    { first14: '29ABCDE1234F2Z', check: 'V' },
  ])('the check character of $first14 is $check', ({ first14, check }) => {
    expect(gstinCheckCharacter(first14)).toBe(check);
    expect(gstinProblem(first14 + check)).toBeNull();
  });

  it('has a well-formed demo GSTIN in Karnataka', () => {
    expect(gstinProblem(DEMO_GSTIN)).toBeNull();
    expect(gstinState(DEMO_GSTIN)?.name).toBe('Karnataka');
  });

  it.each([
    { case: 'empty', gstin: '', problem: 'A GSTIN has 15 characters' },
    { case: 'one short', gstin: '27AAPFU0939F1Z', problem: 'A GSTIN has 15 characters' },
    { case: 'one long', gstin: '27AAPFU0939F1ZVV', problem: 'A GSTIN has 15 characters' },
    { case: 'not normalised', gstin: ' 27AAPFU0939F1ZV', problem: 'A GSTIN has 15 characters' },
    { case: 'state 00', gstin: '00AAPFU0939F1ZV', problem: 'A GSTIN starts with a state code' },
    { case: 'state 40', gstin: '40AAPFU0939F1ZV', problem: 'A GSTIN starts with a state code' },
    { case: 'retired state 28', gstin: '28AAPFU0939F1ZV', problem: 'A GSTIN starts with a state code' },
    { case: 'letters for a state', gstin: 'KAAAPFU0939F1ZV', problem: 'A GSTIN starts with a state code' },
    { case: 'a digit in the PAN letters', gstin: '27AAPF10939F1ZV', problem: 'This GSTIN is not well formed' },
    { case: 'a letter in the PAN digits', gstin: '27AAPFU09O9F1ZV', problem: 'This GSTIN is not well formed' },
    { case: 'a digit at the PAN end', gstin: '27AAPFU093991ZV', problem: 'This GSTIN is not well formed' },
    { case: 'entity number 0', gstin: '27AAPFU0939F0ZV', problem: 'This GSTIN is not well formed' },
    { case: 'no Z', gstin: '27AAPFU0939F1YV', problem: 'This GSTIN is not well formed' },
    { case: 'lower case', gstin: '27aapfu0939f1zv', problem: 'This GSTIN is not well formed' },
    { case: 'a symbol as check', gstin: '27AAPFU0939F1Z*', problem: 'This GSTIN is not well formed' },
    { case: 'a flipped check', gstin: '27AAPFU0939F1ZW', problem: "This GSTIN's check character is wrong" },
    { case: 'a changed PAN', gstin: '27AAPFU0938F1ZV', problem: "This GSTIN's check character is wrong" },
    { case: 'another state', gstin: '29AAPFU0939F1ZV', problem: "This GSTIN's check character is wrong" },
  ])('$case: $problem', ({ gstin, problem }) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it.each([
    { input: '27AAPFU0939F1ZV', output: '27AAPFU0939F1ZV' },
    { input: ' 27aapfu0939f1zv\n', output: '27AAPFU0939F1ZV' },
    { input: '27 AAPFU 0939F 1ZV', output: '27AAPFU0939F1ZV' },
  ])('normalises $input', ({ input, output }) => {
    expect(normaliseGstin(input)).toBe(output);
    expect(gstinProblem(normaliseGstin(input))).toBeNull();
  });
});

describe("a registered buyer's billing address", () => {
  it.each([
    { typed: 'Office 5, Baner Road, Pune 411045', stored: 'Office 5, Baner Road, Pune 411045' },
    { typed: '  Office 5,\r\n\n  Baner   Road \n Pune 411045 \n', stored: 'Office 5,\nBaner Road\nPune 411045' },
    { typed: ' \n\t ', stored: '' },
  ])('$typed is stored as $stored', ({ typed, stored }) => {
    expect(normaliseBillingAddress(typed)).toBe(stored);
  });

  it.each([
    { address: 'Office 5, Baner Road, Pune 411045', problem: null },
    { address: '14 Residency Road\nBengaluru 560 025', problem: null },
    { address: '411045', problem: null },
    { address: '', problem: 'Billing address is required with a GSTIN' },
    { address: 'Office 5, Baner Road, Pune', problem: 'Billing address must include its 6-digit PIN code' },
    { address: 'Plot 41104, Pune', problem: 'Billing address must include its 6-digit PIN code' },
    { address: 'Phone 9847012345, Pune', problem: 'Billing address must include its 6-digit PIN code' },
    { address: `${'x'.repeat(294)} 411045`, problem: 'Billing address must be at most 300 characters' },
  ])('$address: $problem', ({ address, problem }) => {
    expect(billingAddressProblem(address)).toBe(problem);
  });

  it('takes the state from the GSTIN', () => {
    expect(gstinState('27AAPFU0939F1ZV')).toEqual({ code: '27', name: 'Maharashtra' });
    expect(gstinState('32ABCDE1234F1Z9')?.name).toBe('Kerala');
  });
});
