/**
 * 'PW-000123': how shoppers and the store quote an order, from its place in the order of placing.
 * Six digits keep early numbers the same length; from the millionth order they simply grow.
 */
export function orderNumberLabel(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new RangeError(`An order number is a whole number from 1, not ${n}`);
  }
  return `PW-${String(n).padStart(6, '0')}`;
}
