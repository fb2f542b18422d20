/**
 * Money is integer paise everywhere inside the code and the database, so that sums never drift;
 * the API and the screens show rupees with at most two decimals.
 */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return Math.round(paise) / 100;
}

/** Indian digit grouping: the last three digits, then pairs ('12,34,567'). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * '₹1,299' or '₹1,299.50' (never '₹1,299.5'), grouped the Indian way (lakh, crore): what
 * `Intl.NumberFormat('en-IN')` writes for INR (the test holds them equal), without it. Building
 * that formatter loads the locale's data: 50–90 ms on a phone-speed CPU, in the task that starts
 * every page, for every price the store shows.
 */
export function formatInr(paise: Paise): string {
  const rounded = Math.round(paise);
  const whole = Math.abs(rounded);
  const rest = whole % 100;
  const rupees = groupIndian(String(Math.floor(whole / 100)));
  return `${rounded < 0 ? '-' : ''}₹${rupees}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}
