export interface GstState {
  /** Two digits, the first two characters of every GSTIN registered there. */
  code: string;
  name: string;
}

/**
 * The current codes only: 25 (Daman and Diu) and 28 (undivided Andhra Pradesh) were retired when
 * their territories were merged or split, and no live GSTIN starts with them.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
];

/**
 * The India Post names the store's PIN directory uses where they differ from GSTN's, and the
 * names shoppers still type (old names, Delhi's full title), by code.
 */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  'Andaman & Nicobar': '35',
  Chattisgarh: '22',
  'Dadra & Nagar Haveli': '26',
  'Daman & Diu': '26',
  Pondicherry: '34',
  'Jammu & Kashmir': '01',
  Orissa: '21',
  Uttaranchal: '05',
  'NCT of Delhi': '07',
  'National Capital Territory of Delhi': '07',
};

/** '&' and 'and' are the same word to a reader, and spacing and punctuation vary between sources. */
export const stateNameKey = (name: string) =>
  name
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]/g, '');

const byCode = new Map(GST_STATES.map((state) => [state.code, state]));
const byName = new Map<string, GstState>([
  ...GST_STATES.map((state): [string, GstState] => [stateNameKey(state.name), state]),
  ...Object.entries(STATE_ALIASES).map(([alias, code]): [string, GstState] => [stateNameKey(alias), byCode.get(code)!]),
]);

export function gstStateOf(name: string): GstState | undefined {
  return byName.get(stateNameKey(name));
}

export function gstStateByCode(code: string): GstState | undefined {
  return byCode.get(code);
}

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (five letters, four digits, a letter), entity number, 'Z', check character. */
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** GSTN's mod-36 check character of a GSTIN's first 14 characters (all in the charset). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  [...first14].forEach((char, i) => {
    const product = GSTIN_CHARSET.indexOf(char) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  });
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36]!;
}

/** Expects a normalised GSTIN (`normaliseGstin`), so that what is checked is what gets stored. */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return 'A GSTIN has 15 characters';
  if (!byCode.has(gstin.slice(0, 2))) return 'A GSTIN starts with a state code';
  if (!GSTIN_PATTERN.test(gstin)) return 'This GSTIN is not well formed';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "This GSTIN's check character is wrong";
  return null;
}

export function normaliseGstin(s: string): string {
  return s.replace(/\s/g, '').toUpperCase();
}

/** The state a GSTIN is registered in: its first two digits are the GST state code. */
export function gstinState(gstin: string): GstState | undefined {
  return byCode.get(gstin.slice(0, 2));
}

export const BUYER_NAME_MAX = 100;
export const BILLING_ADDRESS_MAX = 300;
export const BUYER_NAME_REQUIRED = 'Registered business name is required with a GSTIN';

/**
 * A registered buyer's billing address as typed (one line or several): each line's spaces
 * collapsed, blank lines dropped, so what is checked is what gets stored and printed.
 */
export function normaliseBillingAddress(s: string): string {
  return s
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Rule 46(d) wants a registered buyer's address on the invoice, the one on its GST registration,
 * which always has a PIN code ('560 038' is how some write it). Expects `normaliseBillingAddress`.
 */
export function billingAddressProblem(address: string): string | null {
  if (address === '') return 'Billing address is required with a GSTIN';
  if (address.length > BILLING_ADDRESS_MAX) return `Billing address must be at most ${BILLING_ADDRESS_MAX} characters`;
  if (!/(^|\D)\d{3} ?\d{3}(\D|$)/.test(address)) return 'Billing address must include its 6-digit PIN code';
  return null;
}

/** Made up for the demo (Karnataka, PAN AAAAA0000A): well formed, but no business holds it. */
export const DEMO_GSTIN = '29AAAAA0000A1ZY';
