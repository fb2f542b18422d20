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

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** '₹1,299' or '₹1,299.50' (never '₹1,299.5'), grouped the Indian way (lakh, crore). */
export function formatInr(paise: Paise): string {
  const rounded = Math.round(paise);
  return (rounded % 100 === 0 ? wholeRupees : withPaise).format(paiseToRupees(rounded));
}
