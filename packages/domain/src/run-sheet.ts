/**
 * A day's run sheet (ADR 085): what whoever delivers needs of each order still to deliver, the
 * same in the CSV an admin downloads and on the page they print.
 */

export interface RunSheetItem {
  name: string;
  variantName: string | null;
  qty: number;
  options: readonly { name: string; value: string | null }[];
}

/**
 * A line as a run sheet says it, what to make or hand over and no prices:
 * '2 × Red Roses (12 stems)', '1 × Chocolate Truffle Cake: Eggless; Message on cake: “Happy birthday”'.
 */
export function runSheetItem(item: RunSheetItem): string {
  const what = `${item.qty} × ${item.name}${item.variantName ? ` (${item.variantName})` : ''}`;
  const options = item.options.map((o) => (o.value === null ? o.name : `${o.name}: “${o.value}”`));
  return options.length ? `${what}: ${options.join('; ')}` : what;
}

/**
 * A recipient's mobile as a rider dials it in India, ten digits grouped five and five
 * ('98950 11111'): no '+', which a spreadsheet reads as the start of a formula. A number that is
 * not an Indian mobile is given as it was stored.
 */
export function runSheetPhone(phone: string): string {
  const mobile = /^\+91([6-9]\d{4})(\d{5})$/.exec(phone);
  return mobile ? `${mobile[1]} ${mobile[2]}` : phone;
}

/** A run sheet's slots in the order the day runs them: by start time, then as they were listed. */
export function inDayOrder<T extends { start: string }>(slots: readonly T[]): T[] {
  return slots
    .map((slot, at) => ({ slot, at }))
    .sort((a, b) => a.slot.start.localeCompare(b.slot.start) || a.at - b.at)
    .map(({ slot }) => slot);
}
