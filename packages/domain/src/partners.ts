import { addDays, istDate, istInstant } from './delivery.js';
import { localNeeds, type FulfilmentKind } from './fulfilment.js';
import type { Paise } from './money.js';

/**
 * Who makes and hands over an order (issue 36, ADR 086): a partner kitchen bakes cakes, a florist
 * arranges flowers, a courier desk sends packed goods. A partner may do more than one.
 */
export const PARTNER_MAKES = ['cakes', 'flowers', 'courier'] as const;
export type PartnerMake = (typeof PARTNER_MAKES)[number];

export const PARTNER_MAKE_LABELS: Record<PartnerMake, string> = {
  cakes: 'Cakes',
  flowers: 'Flowers',
  courier: 'Courier dispatch of packed goods',
};

/** What an order's lines need of a partner: a local line its makers, a packed one courier dispatch. */
export function orderNeeds(
  lines: readonly { category: string; subCategory: readonly string[]; fulfilment: FulfilmentKind }[],
): PartnerMake[] {
  const needed = new Set<PartnerMake>();
  for (const line of lines) {
    if (line.fulfilment === 'courier') needed.add('courier');
    else for (const make of localNeeds(line)) needed.add(make);
  }
  return PARTNER_MAKES.filter((make) => needed.has(make));
}

export interface PartnerCandidate {
  id: string;
  name: string;
  areaIds: readonly number[];
  makes: readonly PartnerMake[];
  capacityPerSlot: number;
  /** Orders it holds or is being offered in the order's slot on the order's date. */
  load: number;
}

export interface OfferNeed {
  areaId: number;
  makes: readonly PartnerMake[];
  /** Partners this order was offered to already (declined, or let the offer lapse). */
  tried: readonly string[];
}

/**
 * The partner an order is offered to next: one serving its area, making all its lines, not tried
 * before and with a place left in its slot, the least loaded first (then by name, so that the
 * choice is the same on every server). Null when none is left: the admins take over.
 */
export function nextPartner(candidates: readonly PartnerCandidate[], need: OfferNeed): PartnerCandidate | null {
  let best: PartnerCandidate | null = null;
  for (const c of candidates) {
    if (!c.areaIds.includes(need.areaId)) continue;
    if (!need.makes.every((make) => c.makes.includes(make))) continue;
    if (need.tried.includes(c.id) || c.load >= c.capacityPerSlot) continue;
    if (!best || c.load < best.load || (c.load === best.load && c.name.localeCompare(best.name) < 0)) best = c;
  }
  return best;
}

/** How long a partner has to accept: a same-day order cannot wait half an hour for each partner. */
export const OFFER_MINUTES = 30;
export const SAME_DAY_OFFER_MINUTES = 10;

/** When an offer made at `now` for an order delivered on `deliveryDate` (IST) lapses. */
export function offerExpiry(deliveryDate: string, now: Date): Date {
  const minutes = deliveryDate <= istDate(now) ? SAME_DAY_OFFER_MINUTES : OFFER_MINUTES;
  return new Date(now.getTime() + minutes * 60_000);
}

/** How long after a slot's end an order still counts as on time. */
export const LATE_GRACE_MINUTES = 30;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When a slot on a date ends; a midnight slot stored as ending at 23:59 ends at midnight, and a
 * window whose end is before its start ends the next day.
 */
export function slotEnd(date: string, slot: { start: string; end: string }): Date {
  const end = slot.end === '23:59' ? 24 * 60 : minutesOf(slot.end);
  const day = end < minutesOf(slot.start) ? addDays(date, 1) : date;
  return istInstant(day, end);
}

/** The moment after which an undelivered order is late: its slot's end plus the grace. */
export function lateAfter(date: string, slot: { start: string; end: string }): Date {
  return new Date(slotEnd(date, slot).getTime() + LATE_GRACE_MINUTES * 60_000);
}

/** Whether an order delivered at `deliveredAt` (or still undelivered at `now`) missed its slot. */
export function isLate(date: string, slot: { start: string; end: string }, at: Date): boolean {
  return at.getTime() > lateAfter(date, slot).getTime();
}

/** A late order's make-good when no slot fee was paid: ₹100 off the buyer's next order. */
export const LATE_COUPON_VALUE: Paise = 10_000;

export type LateCompensation = { kind: 'refund'; amount: Paise } | { kind: 'coupon'; amount: Paise };

/** The slot fee back through the gateway when one was paid, otherwise a coupon for next time. */
export function lateCompensation(slotFee: Paise): LateCompensation {
  return slotFee > 0 ? { kind: 'refund', amount: slotFee } : { kind: 'coupon', amount: LATE_COUPON_VALUE };
}
