import { deliveryDayLabel, istDate, shortDate, slotName, type SlotType } from '@store/domain';
import { dateFormatter } from './date-formatter.js';

export { slotName };

/**
 * Delivery dates are IST calendar dates ('2026-12-24'). They are read as midnight UTC and written
 * in UTC, so no browser zone moves them a day either way.
 */
const longDayFormat = dateFormatter({
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const asUtcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

/** '2026-12-24' → 'Thu, 24 Dec'. */
export function formatDeliveryDate(date: string): string {
  return shortDate(date);
}

/** '2026-02-14' → 'Saturday, 14 February 2026'. */
export function formatDeliveryDateLong(date: string): string {
  return longDayFormat().format(asUtcMidnight(date));
}

/** Today's date in India, whatever the browser's zone. */
export function todayIst(now: Date = new Date()): string {
  return istDate(now);
}

/** 'Today', 'Tomorrow' or null for any other date (relative to `today`, an IST date). */
export function relativeDay(date: string, today: string = todayIst()): 'Today' | 'Tomorrow' | null {
  const label = deliveryDayLabel(date, today);
  return label === 'Today' || label === 'Tomorrow' ? label : null;
}

/** 'Today', 'Tomorrow' or 'Thu, 24 Dec'. */
export function dayName(date: string, today: string = todayIst()): string {
  return deliveryDayLabel(date, today);
}

/** A booked delivery in one line: 'Thu, 24 Dec · Midnight, 11 PM – 12 AM'. */
export function formatDelivery(delivery: { date: string; type: SlotType | string; label: string }): string {
  return `${formatDeliveryDate(delivery.date)} · ${slotName(delivery)}`;
}
