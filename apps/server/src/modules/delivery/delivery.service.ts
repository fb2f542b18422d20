import {
  addDays,
  canReach,
  DEFAULT_SLOT_CAPACITY,
  DEFAULT_SLOT_FEES,
  DELIVERY_SLOTS,
  deliveryDateProblem,
  earliestDeliveryDate,
  findSlot,
  freeSlotsAfter,
  istDate,
  MAX_DAYS_AHEAD,
  nextFreeOfType,
  nextFreeUntil,
  paiseToRupees,
  productLeadDays,
  rupeesToPaise,
  sameDayDeadline,
  SLOT_REASONS,
  SLOT_TYPES,
  slotsForDate,
  type DeliveryArea,
  type FreeSlot,
  type Reach,
  type Routed,
  type SlotAvailability,
  type SlotOccupancy,
} from '@store/domain';
import {
  STALE_MESSAGES,
  type AreaSlotTypeUpdate,
  type AreaUpdate,
  type DeliverySlotsResponse,
  type ScheduledOrder,
  type ScheduleResponse,
  type ServiceArea,
  type SlotCapacityUpdate,
} from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Answer, Pipeline } from '../../db/pipeline.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import type { PincodeRecord } from '../pincodes/pincodes.repository.js';
import { lockServiceArea, PincodesService, saveServiceArea } from '../pincodes/pincodes.service.js';
import { ProductsService } from '../products/products.service.js';
import * as repo from './delivery.repository.js';
import { UNREACHABLE_LEAD } from './reach.service.js';

export type Clock = () => Date;

/** A place in one slot of one area on one date: what an order books, holds and may give back. */
export interface Booking extends repo.PlaceKey {
  slot: SlotAvailability;
  /** What the slot was checked against, to find the next free one if it fills meanwhile. */
  area: DeliveryArea;
  productLead: number;
}

/** The next slot with a place, offered when the one asked for is full. */
export interface NextSlot {
  date: string;
  slotId: string;
  label: string;
}

const nextSlotOf = (free: FreeSlot): NextSlot => ({ date: free.date, slotId: free.slot.id, label: free.slot.label });

const occupancyOf = (rows: readonly repo.PlaceRow[], date: string): SlotOccupancy => {
  const taken: Record<string, number> = {};
  const capacity: Record<string, number> = {};
  for (const row of rows) {
    if (row.date !== date) continue;
    taken[row.slotId] = row.taken;
    if (row.capacity !== null) capacity[row.slotId] = row.capacity;
  }
  return { taken, capacity };
};

/** A slot type of an area as the audit trail compares it, one field per setting, named by the type. */
const slotTypeView = (type: string, offered: { fee: number; capacity: number } | undefined) =>
  offered
    ? { [`${type}.offered`]: true, [`${type}.fee`]: paiseToRupees(offered.fee), [`${type}.capacity`]: offered.capacity }
    : { [`${type}.offered`]: false };

const NO_DELIVERY: DeliveryArea = { leadDays: 0, slotTypes: [] };

/** An order line as far as reaching the PIN code goes, with the field a refusal names. */
export interface ReachLine {
  field: string;
  product: Routed & { name: string };
}

/**
 * The lead the products put on the area's slots: a product that cannot reach the area closes
 * every slot to them (ADR 077), else one without same-day delivery moves them to tomorrow.
 */
function reachingLead(products: readonly (Routed & { sameDayDelivery: boolean })[], area: Reach | null): number {
  if (area && products.some((p) => !canReach(p, area))) return UNREACHABLE_LEAD;
  return productLeadDays(products);
}

/**
 * Delivery dates and slots (ADR 022): what a PIN code can have on a date, booking a place in an
 * order's transaction the way stock is held, and the admin's schedule and capacity. The rules are
 * the domain's; this adds the data (areas, their slot types, places taken) and the clock.
 */
export class DeliveryService {
  private readonly pincodes: PincodesService;
  private readonly products: ProductsService;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.pincodes = new PincodesService(db);
    this.products = new ProductsService(db);
  }

  private async areaOf(place: PincodeRecord): Promise<DeliveryArea> {
    if (!place.deliveryAvailable || !place.area) return NO_DELIVERY;
    return { leadDays: place.area.leadDays, slotTypes: await repo.slotTypesOf(this.db, place.area.id) };
  }

  private checkDate(date: string, now: Date): void {
    const problem = deliveryDateProblem(date, now);
    if (problem) throw new AppError('VALIDATION', problem, [{ field: 'date', message: problem }]);
  }

  /** `GET /api/delivery/slots`: every slot of a date (the earliest open one when none is asked for). */
  async slots(query: {
    pincode: unknown;
    date?: string;
    productIds: readonly string[];
  }): Promise<DeliverySlotsResponse> {
    const now = this.clock();
    if (query.date !== undefined) this.checkDate(query.date, now);
    const place = await this.pincodes.lookup(query.pincode);
    const area = await this.areaOf(place);
    const lead = reachingLead(await this.products.deliveryTraits(query.productIds), place.area);
    const earliestDate = earliestDeliveryDate(area, now, lead);
    const date = query.date ?? earliestDate ?? istDate(now);
    // A week on from the date, so a full slot can name the next free one of its kind.
    const lastDate = nextFreeUntil(date, now);
    const places = place.area ? await repo.placesBetween(this.db, place.area.id, date, lastDate) : [];
    const occupancyOn = (day: string) => occupancyOf(places, day);
    const deadline = sameDayDeadline(area, now, lead);
    return {
      pincode: place.pincode,
      date,
      earliestDate,
      sameDayDeadline: deadline ? deadline.toISOString() : null,
      slots: slotsForDate(area, date, now, lead, occupancyOn(date)).map((s) => {
        const nextFree =
          s.reason === SLOT_REASONS.full
            ? nextFreeOfType(area, { date, slot: s }, lastDate, now, lead, occupancyOn)
            : null;
        return {
          id: s.id,
          type: s.type,
          label: s.label,
          start: s.start,
          end: s.end,
          fee: paiseToRupees(s.fee),
          available: s.available,
          reason: s.reason,
          placesLeft: Math.max(0, s.capacity - s.taken),
          ...(nextFree ? { nextFree: nextSlotOf(nextFree) } : {}),
        };
      }),
    };
  }

  /**
   * Reads what `bookable` needs by the address's PIN code alone, so an order sends it beside its
   * other checks instead of after the lookup that names the area (ADR 056); null when the choice is
   * refused without it.
   */
  readSlots(pincode: string, choice: { date: string; slotId: string }): Promise<repo.AreaSlots | undefined> | null {
    if (deliveryDateProblem(choice.date, this.clock()) || !findSlot(choice.slotId)) return null;
    return repo.slotsOfPincode(this.db, pincode, choice.date);
  }

  /**
   * Refuses an order whose lines cannot all reach the address's PIN code (ADR 077): 400 naming each
   * such line. Without an area, the slot's check says the PIN code is not served.
   */
  checkReach(read: repo.AreaSlots | null | undefined, pincode: string, lines: readonly ReachLine[]): void {
    if (!read) return;
    const details = lines
      .filter((l) => !canReach(l.product, read))
      .map((l) => ({ field: l.field, message: `${l.product.name} cannot be delivered to ${pincode}` }));
    if (details.length) throw new AppError('VALIDATION', details.map((d) => d.message).join('; '), details);
  }

  /**
   * Checks the slot an order asks for in what `readSlots` read, before anything is held: unknown or
   * not offered → 400, too late → 409, full now → 409 naming the next free slot. The hold in the
   * order's transaction is the last word on capacity.
   */
  async bookable(
    read: repo.AreaSlots | null | undefined,
    choice: { date: string; slotId: string },
    products: readonly { sameDayDelivery: boolean }[],
  ): Promise<Booking> {
    const now = this.clock();
    this.checkDate(choice.date, now);
    const known = findSlot(choice.slotId);
    if (!known || !read) throw new AppError('VALIDATION', 'This delivery slot does not exist');
    const area = read.deliveryAvailable ? { leadDays: read.leadDays, slotTypes: read.slotTypes } : NO_DELIVERY;
    const lead = productLeadDays(products);
    const slot = slotsForDate(area, choice.date, now, lead, occupancyOf(read.places, choice.date)).find(
      (s) => s.id === known.id,
    )!;
    const booking = { areaId: read.areaId, date: choice.date, slotId: slot.id, slot, area, productLead: lead };
    switch (slot.reason) {
      case null:
        return booking;
      case SLOT_REASONS.notOffered:
      case SLOT_REASONS.notForProducts:
        throw new AppError('VALIDATION', slot.reason, [{ field: 'delivery.slotId', message: slot.reason }]);
      case SLOT_REASONS.tooLate:
        throw new AppError('CONFLICT', slot.reason);
      case SLOT_REASONS.full:
        throw await this.fullError(booking);
    }
    throw new AppError('VALIDATION', 'This delivery slot cannot be booked');
  }

  /**
   * Takes the booking's place in the order's transaction; reading the answer throws 409 naming the
   * next free slot when there was none left, which ends the transaction.
   */
  hold(pipeline: Pipeline, tx: Tx, booking: Booking): Answer<Promise<void>> {
    const [made, take] = repo.takePlace(tx, booking, booking.slot.type);
    pipeline.add(made);
    const taken = pipeline.add(take);
    return async () => {
      if (taken().length === 0) throw await this.fullError(booking, tx);
    };
  }

  private async fullError(booking: Booking, db: Db | Tx = this.db) {
    const nextSlot = await this.nextFreeSlot(db, booking);
    return new AppError('CONFLICT', 'This delivery slot is full', { nextSlot });
  }

  /**
   * The next slot with a place after a full one: the same kind of slot first (a later window that
   * day, then the following days), else any slot, within the bookable 60 days.
   */
  private async nextFreeSlot(db: Db | Tx, booking: Booking): Promise<NextSlot | null> {
    const now = this.clock();
    const last = addDays(istDate(now), MAX_DAYS_AHEAD);
    const places = await repo.placesBetween(db, booking.areaId, booking.date, last);
    const occupancyOn = (date: string) => occupancyOf(places, date);
    let first: FreeSlot | null = null;
    for (const free of freeSlotsAfter(booking.area, booking, last, now, booking.productLead, occupancyOn)) {
      if (free.slot.type === booking.slot.type) return nextSlotOf(free);
      first ??= free;
    }
    return first && nextSlotOf(first);
  }

  /** Every area with its slot types: those it offers, and every row it has, withdrawn ones included. */
  private async areasWithSlotTypes() {
    const [areas, types] = await Promise.all([this.pincodes.serviceAreas(), repo.allSlotTypes(this.db)]);
    return areas.map((a) => {
      const rows = types.filter((t) => t.areaId === a.id);
      return { ...a, rows, slotTypes: rows.filter((t) => t.offered) };
    });
  }

  /** A withdrawn slot type shows the fee and capacity it had, to offer again as they were. */
  async areas(): Promise<ServiceArea[]> {
    const rows = await this.areasWithSlotTypes();
    return rows.map((a) => ({
      id: a.id,
      name: a.name,
      pincodePrefix: a.pincodePrefix,
      deliveryAvailable: a.deliveryAvailable,
      leadDays: a.leadDays,
      makes: a.makes,
      version: a.version,
      slotTypes: SLOT_TYPES.map((type) => {
        const row = a.rows.find((t) => t.type === type);
        return {
          type,
          offered: row?.offered ?? false,
          fee: paiseToRupees(row?.fee ?? DEFAULT_SLOT_FEES[type]),
          capacity: row?.capacity ?? DEFAULT_SLOT_CAPACITY,
          version: row?.version ?? 0,
        };
      }),
    }));
  }

  private async area(areaId: number): Promise<ServiceArea> {
    return (await this.areas()).find((a) => a.id === areaId)!;
  }

  /**
   * Offers or withdraws a slot type, with its fee and capacity, if it is still at the version the
   * form was loaded at (ADR 065); else 409 with the area as it is now, and nothing written.
   */
  async updateSlotType(
    actor: SessionUser,
    areaId: number,
    type: (typeof SLOT_TYPES)[number],
    update: AreaSlotTypeUpdate,
  ): Promise<ServiceArea> {
    const area = await this.pincodes.serviceArea(areaId);
    if (!area) throw new AppError('NOT_FOUND', 'Service area not found');
    const saved = await this.db.transaction(async (tx) => {
      const before = await repo.lockSlotType(tx, areaId, type);
      const fee = rupeesToPaise(update.fee);
      const settings = { offered: update.offered, fee, capacity: update.capacity };
      const row = await repo.saveSlotType(tx, areaId, type, update.version, settings);
      if (!row) return false;
      await recordAudit(tx, {
        actor,
        action: 'delivery.slot_type',
        entityId: areaId,
        label: area.name,
        before: slotTypeView(type, before?.offered ? before : undefined),
        after: slotTypeView(type, update.offered ? settings : undefined),
      });
      return true;
    });
    if (!saved) throw new AppError('CONFLICT', STALE_MESSAGES.slotType, { current: await this.area(areaId) });
    return this.area(areaId);
  }

  /**
   * Sets what an area's kitchens and florists make and its lead (or courier transit) days, if it is
   * still at the version the form was loaded at (ADR 065); else 409 with the area as it is now.
   */
  async updateArea(actor: SessionUser, areaId: number, update: AreaUpdate): Promise<ServiceArea> {
    const saved = await this.db.transaction(async (tx) => {
      const before = await lockServiceArea(tx, areaId);
      if (!before) throw new AppError('NOT_FOUND', 'Service area not found');
      const settings = { leadDays: update.leadDays, makes: update.makes };
      const row = await saveServiceArea(tx, areaId, update.version, settings);
      if (!row) return false;
      await recordAudit(tx, {
        actor,
        action: 'delivery.area',
        entityId: areaId,
        label: before.name,
        before: { leadDays: before.leadDays, makes: before.makes.join(', ') },
        after: { leadDays: row.leadDays, makes: row.makes.join(', ') },
      });
      return true;
    });
    if (!saved) throw new AppError('CONFLICT', STALE_MESSAGES.area, { current: await this.area(areaId) });
    return this.area(areaId);
  }

  /** One slot's capacity on one date; never below the places already taken there. */
  async setCapacity(actor: SessionUser, update: SlotCapacityUpdate) {
    const area = await this.pincodes.serviceArea(update.areaId);
    if (!area) throw new AppError('NOT_FOUND', 'Service area not found');
    const slot = findSlot(update.slotId)!;
    return this.db.transaction(async (tx) => {
      const row = await repo.lockPlace(tx, update);
      if (update.capacity < row.taken) {
        const message = `${row.taken} places are already taken; the capacity cannot be lower.`;
        throw new AppError('VALIDATION', message, [{ field: 'capacity', message }]);
      }
      // Without a capacity of its own the slot had its type's, as the schedule shows it.
      const offered = (await repo.slotTypesOf(tx, update.areaId)).find((t) => t.type === slot.type);
      const saved = await repo.setPlaceCapacity(tx, update, update.capacity);
      await recordAudit(tx, {
        actor,
        action: 'delivery.capacity',
        entityId: `${update.areaId}/${update.date}/${update.slotId}`,
        label: `${area.name}, ${update.date}, ${slot.label}`,
        before: { capacity: row.capacity ?? offered?.capacity ?? 0 },
        after: { capacity: update.capacity },
      });
      return {
        areaId: saved.areaId,
        date: saved.date,
        slotId: saved.slotId,
        capacity: update.capacity,
        taken: saved.taken,
      };
    });
  }

  /**
   * A day's deliveries by area and slot: every offered slot (and any other that has bookings),
   * with its places taken and capacity, and the paid orders in it.
   */
  async schedule(date: string, paid: readonly (ScheduledOrder & { areaId: number | null; slotId: string })[]) {
    const [areas, places] = await Promise.all([this.areasWithSlotTypes(), repo.placesOn(this.db, date)]);
    const result: ScheduleResponse = { date, areas: [] };
    for (const area of areas) {
      const slots = DELIVERY_SLOTS.flatMap((slot) => {
        const offered = area.slotTypes.find((t) => t.type === slot.type);
        const row = places.find((p) => p.areaId === area.id && p.slotId === slot.id);
        const orders = paid.filter((o) => o.areaId === area.id && o.slotId === slot.id);
        if (!offered && !row && orders.length === 0) return [];
        return [
          {
            id: slot.id,
            type: slot.type,
            label: slot.label,
            start: slot.start,
            end: slot.end,
            capacity: row?.capacity ?? offered?.capacity ?? 0,
            taken: row?.taken ?? 0,
            orders: orders.map(({ areaId: _a, slotId: _s, ...order }) => order),
          },
        ];
      });
      if (slots.length) result.areas.push({ id: area.id, name: area.name, pincodePrefix: area.pincodePrefix, slots });
    }
    return result;
  }
}

/**
 * Gives an order's place back, in the transaction that ends the order unpaid; that transaction's
 * own status change is what makes it happen once.
 */
export async function releasePlace(tx: Tx, key: repo.PlaceKey): Promise<void> {
  await repo.givePlaceBack(tx, key);
}
