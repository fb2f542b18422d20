import { sql } from 'drizzle-orm';
import {
  canReach,
  deliveryDayLabel,
  earliestDeliveryDate,
  pincodeFrom,
  istDate,
  MAX_DAYS_AHEAD,
  notDeliverableReason,
  PINCODE_FORMAT_MESSAGE,
  PINCODE_UNKNOWN_MESSAGE,
  productLeadDays,
  reachesEverything,
  travelsAs,
  type AreaSlotType,
  type DeliveryArea,
  type LocalMake,
  type Reach,
  type Routed,
} from '@store/domain';
import type { EarliestDelivery, ProductDelivery } from '@store/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { coveringArea } from '../pincodes/pincodes.service.js';
import { offeredSlotTypes } from './delivery.repository.js';

/** What can reach one PIN code (ADR 077): the area covering it and the local areas it is told of. */
export interface PinReach {
  pincode: string;
  area: DeliveryArea & Reach & { id: number };
  /** Every local area, for the sentence that says where a fresh product can go. */
  localAreas: (Reach & { name: string })[];
}

/** A product as far as its delivery goes. */
export type Deliverable = Routed & { sameDayDelivery: boolean };

const pincodeRefusal = (status: 'VALIDATION' | 'NOT_FOUND', message: string) =>
  new AppError(status, message, [{ field: 'pincode', message }]);

/**
 * How long a PIN code's reach is kept by a process: an admin's change to an area shows on listings
 * and product pages within it. An order always reads the area afresh.
 */
export const REACH_KEPT_MS = 30_000;
/** Every PIN code in India (about 19,000) fits; past that, the oldest go first. */
const REACH_KEYS = 25_000;

/**
 * Each PIN code's reach, kept for a while (ADR 077): a listing for a PIN code is answered from
 * memory, and reading the area on every request held it to the database's pace (602 req/s against
 * 2,309 without a PIN code). A refusal (unknown, not served) is kept as well; a failed read is not.
 */
export class PinReaches {
  private readonly kept = new Map<string, { until: number; reach: Promise<PinReach> }>();

  constructor(private readonly db: Db) {}

  of(input: unknown): Promise<PinReach> {
    const pincode = pincodeFrom(input);
    if (pincode === null) return Promise.reject(pincodeRefusal('VALIDATION', PINCODE_FORMAT_MESSAGE));
    const now = performance.now();
    const known = this.kept.get(pincode);
    if (known && known.until > now) return known.reach;
    const reach = reachOf(this.db, pincode);
    reach.catch((err: unknown) => {
      if (!(err instanceof AppError) || err.statusCode >= 500) this.kept.delete(pincode);
    });
    this.kept.delete(pincode);
    if (this.kept.size >= REACH_KEYS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(pincode, { until: now + REACH_KEPT_MS, reach });
    return reach;
  }

  /** After this process saved an area: its own answers change at once. */
  forget(): void {
    this.kept.clear();
  }

  /** The listing filter for a PIN code's reach: none where every product can go. */
  readonly filterOf = reachFilter;
  /** Cards, each with its earliest delivery there. */
  readonly dated = withEarliestDelivery;
  /** What a product page says for the PIN code. */
  readonly deliveryOf = productDelivery;
}

/**
 * The PIN code's area with its slot types and every local area, in one statement. A PIN code that
 * is malformed or unknown gets the spec's texts (400, 404); one no area serves, a sentence (400).
 */
async function reachOf(db: Db, pincode: string): Promise<PinReach> {
  const [row] = await queryRows<{
    area_id: number | null;
    delivery_available: boolean | null;
    lead_days: number;
    makes: LocalMake[];
    slot_types: AreaSlotType[];
    local_areas: { name: string; makes: LocalMake[] }[];
  }>(
    db,
    sql`
    SELECT a.id AS area_id, a.delivery_available, a.lead_days, a.makes, ${offeredSlotTypes(sql`a.id`)} AS slot_types,
      (SELECT coalesce(json_agg(json_build_object('name', s.name, 'makes', s.makes) ORDER BY s.id), '[]')
        FROM service_areas s WHERE s.delivery_available AND cardinality(s.makes) > 0) AS local_areas
    FROM pincodes p LEFT JOIN LATERAL (${coveringArea(sql`p.pincode`)}) a ON true
    WHERE p.pincode = ${pincode}`,
  );
  if (!row) throw pincodeRefusal('NOT_FOUND', PINCODE_UNKNOWN_MESSAGE);
  if (row.area_id === null || !row.delivery_available) {
    throw pincodeRefusal('VALIDATION', `We do not deliver to ${pincode} yet.`);
  }
  return {
    pincode,
    area: { id: row.area_id, leadDays: row.lead_days, makes: row.makes, slotTypes: row.slot_types },
    localAreas: row.local_areas,
  };
}

/** The listing filter for a PIN code: none where every product can go. */
function reachFilter(reach: PinReach | null): Reach | undefined {
  return reach && !reachesEverything(reach.area) ? { makes: [...reach.area.makes].sort() } : undefined;
}

const MINUTE_MS = 60_000;
/** Earliest dates kept per PIN code's reach: same-day products' and the others'. */
const kept = new WeakMap<PinReach, { minute: number; dates: Map<boolean, string | null> }>();

/**
 * The earliest date for products with or without same-day delivery. Working it out walks the days
 * and slots (0.1–0.4 ms), and every card of every answer asks it, so it is kept for the minute:
 * every cut-off falls on a whole minute, so within one the answer cannot change.
 */
function earliestOn(reach: PinReach, sameDay: boolean, now: Date): string | null {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  let known = kept.get(reach);
  if (!known || known.minute !== minute) {
    known = { minute, dates: new Map() };
    kept.set(reach, known);
  }
  if (!known.dates.has(sameDay)) {
    known.dates.set(sameDay, earliestDeliveryDate(reach.area, now, productLeadDays([{ sameDayDelivery: sameDay }])));
  }
  return known.dates.get(sameDay)!;
}

/** A product's earliest delivery date there (capacity aside), or null when it cannot reach it. */
function earliestFor(reach: PinReach, product: Deliverable, now: Date): string | null {
  return canReach(product, reach.area) ? earliestOn(reach, product.sameDayDelivery, now) : null;
}

/**
 * Each card with its earliest delivery. A card that cannot reach the PIN code is left as it is:
 * the filter keeps it out anyway.
 */
function withEarliestDelivery<T extends { deliveryOptions: { sameDayDelivery: boolean } }>(
  reach: PinReach,
  cards: (T & Routed)[],
  now: Date,
): (T & { earliestDelivery?: EarliestDelivery })[] {
  const today = istDate(now);
  return cards.map((card) => {
    const date = canReach(card, reach.area) ? earliestOn(reach, card.deliveryOptions.sameDayDelivery, now) : null;
    return date ? { ...card, earliestDelivery: { date, label: deliveryDayLabel(date, today) } } : card;
  });
}

/** What a product page says for a PIN code. */
function productDelivery(reach: PinReach, product: Deliverable, now: Date): ProductDelivery {
  const deliverable = canReach(product, reach.area);
  return {
    pincode: reach.pincode,
    deliverable,
    kind: deliverable ? travelsAs(reach.area) : product.fulfilment,
    earliestDate: deliverable ? earliestFor(reach, product, now) : null,
    reason: deliverable ? null : notDeliverableReason(product, reach.localAreas),
  };
}

/** A lead time no date reaches: the slots of a product that cannot reach the PIN code are all closed to it. */
export const UNREACHABLE_LEAD = MAX_DAYS_AHEAD + 1;
