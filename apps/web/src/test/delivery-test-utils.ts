import type { DeliverySlotsResponse, DeliverySlotView } from '@store/contracts';
import { DEFAULT_SLOT_FEES, DELIVERY_SLOTS, paiseToRupees } from '@store/domain';

/** The tests' now: Tuesday 24 Nov 2026, 11:30 in India. */
export const NOW = new Date('2026-11-24T06:00:00.000Z');
export const TODAY = '2026-11-24';

/** One slot as the API describes it: open, with plenty of places, at its default fee. */
export function slotView(id: string, over: Partial<DeliverySlotView> = {}): DeliverySlotView {
  const slot = DELIVERY_SLOTS.find((s) => s.id === id);
  if (!slot) throw new Error(`no slot ${id}`);
  return {
    ...slot,
    fee: paiseToRupees(DEFAULT_SLOT_FEES[slot.type]),
    available: true,
    reason: null,
    placesLeft: 20,
    ...over,
  };
}

/**
 * A day's slots answer: every slot open unless `slots` says otherwise (by slot id), today the
 * earliest date, and today deliverable until 21:00 IST.
 */
export function slotsAnswer(
  over: Partial<Omit<DeliverySlotsResponse, 'slots'>> & { slots?: Record<string, Partial<DeliverySlotView>> } = {},
): DeliverySlotsResponse {
  const { slots = {}, ...rest } = over;
  return {
    pincode: '682011',
    date: TODAY,
    earliestDate: TODAY,
    sameDayDeadline: '2026-11-24T15:30:00.000Z',
    ...rest,
    slots: DELIVERY_SLOTS.map((s) => slotView(s.id, slots[s.id])),
  };
}

export const tooLate = { available: false, reason: 'Too late for this slot', placesLeft: 20 } as const;
export const full = { available: false, reason: 'This slot is full', placesLeft: 0 } as const;

/** Today at 11:30 IST: the early fixed windows and early morning have closed; 19:00 is full, 17:00 nearly. */
export const todaySlots = () =>
  slotsAnswer({
    slots: {
      'fixed-0900': tooLate,
      'fixed-1100': tooLate,
      'fixed-1300': tooLate,
      'fixed-1500': tooLate,
      'fixed-1700': { placesLeft: 3 },
      'fixed-1900': full,
      'early-morning': tooLate,
    },
  });
