import type { FastifyBaseLogger } from 'fastify';
import {
  addDays,
  deliveryStepProblem,
  istDate,
  nextPartner,
  offerExpiry,
  optionText,
  orderNeeds,
  orderNumberLabel,
  orderStage,
  shortDate,
  slotName,
  type PartnerCandidate,
} from '@store/domain';
import type {
  DeliveredInput,
  PartnerInput,
  PartnerList,
  PartnerOrder,
  PartnerOrderList,
  PartnerPersonInput,
  PartnerResponse,
} from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import type { PaymentProvider } from '../payments/provider.js';
import { enqueue, type MailSite } from '../outbox/outbox.service.js';
import { bookedDeliveryOf, orderFulfilment, type OrderItemRow, type OrderRow } from '../orders/orders.service.js';
import { PincodesService } from '../pincodes/pincodes.service.js';
import { ProductsService } from '../products/products.service.js';
import { adminEmails, invitePartnerPerson, partnerPeople } from '../users/users.service.js';
import * as repo from './partners.repository.js';

/** How many orders one sweep looks at, of each kind: the rest wait for the next. */
const SWEEP_BATCH = 100;

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Order not found');

export interface PartnersOptions {
  site: MailSite;
  provider: Pick<PaymentProvider, 'refundsOf' | 'refund'>;
  log: FastifyBaseLogger;
}

const detailsOf = ({ name, email, phone, makes, capacityPerSlot }: PartnerInput) => ({
  name,
  email,
  phone,
  makes,
  capacityPerSlot,
});

/** The receipt (and so the idempotency key) of a late order's slot-fee refund: one per order. */
const lateReceipt = (orderId: string) => `late-${orderId}`;

/**
 * Partner fulfilment (issue 36, ADR 086): who makes and hands over each paid order. An order goes
 * to one partner at a time; the sweep (every server runs it; row locks and conditional updates
 * make each step happen once) lapses unanswered offers, offers waiting orders, and makes good the
 * orders that missed their slots.
 */
export class PartnersService {
  private readonly pincodes: PincodesService;
  private readonly products: ProductsService;

  constructor(
    private readonly db: Db,
    private readonly options: PartnersOptions,
  ) {
    this.pincodes = new PincodesService(db);
    this.products = new ProductsService(db);
  }

  async create(input: PartnerInput, now = new Date()): Promise<PartnerResponse> {
    const areas = await this.knownAreas(input.areas);
    const row = await this.named(input, (tx) => repo.insertPartner(tx, detailsOf(input), areas));
    return this.listed(row.id, now);
  }

  /**
   * Replaces a partner's details, areas, makes and capacity. Offers already made stand; the next
   * ones follow the new terms.
   */
  async update(id: string, input: PartnerInput, now = new Date()): Promise<PartnerResponse> {
    const areas = await this.knownAreas(input.areas);
    const found = await this.named(input, (tx) => repo.updatePartner(tx, id, detailsOf(input), areas));
    if (!found) throw new AppError('NOT_FOUND', 'Partner not found');
    return this.listed(id, now);
  }

  /** The areas asked for, once each; 400 naming any that is no service area. */
  private async knownAreas(ids: readonly number[]): Promise<number[]> {
    const known = new Set((await this.pincodes.serviceAreas()).map((a) => a.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const message = `No service area has the id ${unknown.join(', ')}`;
      throw new AppError('VALIDATION', message, [{ field: 'areas', message }]);
    }
    return [...new Set(ids)];
  }

  /** Writes a partner in a transaction; 409 when another partner has its name. */
  private async named<T>(input: PartnerInput, write: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(write);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const message = `A partner named ${input.name} already exists`;
      throw new AppError('CONFLICT', message, [{ field: 'name', message }]);
    }
  }

  private async listed(id: string, now: Date): Promise<PartnerResponse> {
    return (await this.list(now)).partners.find((p) => p._id === id)!;
  }

  async list(now = new Date()): Promise<PartnerList> {
    const [rows, areas, loads] = await Promise.all([
      repo.listPartners(this.db),
      this.pincodes.serviceAreas(),
      repo.loadsOn(this.db, istDate(now)),
    ]);
    const people = await partnerPeople(
      this.db,
      rows.map((r) => r.id),
    );
    const areaName = new Map(areas.map((a) => [a.id, a.name]));
    return {
      partners: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        areas: r.areaIds.map((id) => ({ _id: id, name: areaName.get(id) ?? '' })),
        makes: r.makes,
        capacityPerSlot: r.capacityPerSlot,
        people: people.filter((p) => p.partnerId === r.id).map((p) => ({ _id: p.id, name: p.name, email: p.email })),
        loadToday: loads.get(r.id) ?? 0,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  async invite(partnerId: string, person: PartnerPersonInput): Promise<PartnerResponse> {
    const partner = await repo.findPartner(this.db, partnerId);
    if (!partner) throw new AppError('NOT_FOUND', 'Partner not found');
    await this.db.transaction((tx) =>
      invitePartnerPerson(tx, person, { id: partner.id, name: partner.name }, this.options.site),
    );
    return this.listed(partnerId, new Date());
  }

  /**
   * Offers a waiting order to the next partner, under the order's lock: the least loaded of those
   * serving its area that make all of it, have a place in its slot and were not tried. An order in
   * an area no partner serves stays with the store's own team; one that every partner there has
   * passed on is the admins', who are told once.
   */
  async offer(orderId: string, now = new Date()): Promise<void> {
    const productIds = await orderFulfilment.productIdsOf(this.db, orderId);
    const traits = await this.products.deliveryTraits(productIds);
    await this.db.transaction(async (tx) => {
      const row = await orderFulfilment.lock(tx, orderId);
      if (!row || row.status !== 'paid' || row.acceptedAt || row.unassignedAt || row.outForDeliveryAt) return;
      if (row.deliveredAt || row.deliveryAreaId === null || !row.deliveryDate || !row.deliverySlotId) return;
      const offers = await repo.offersOf(tx, orderId);
      if (offers.some((o) => o.status === 'offered' || o.status === 'accepted')) return;
      const serving = await repo.lockPartnersServing(tx, row.deliveryAreaId);
      if (serving.length === 0) return;
      const loads = await repo.loads(
        tx,
        serving.map((p) => p.id),
        row.deliveryDate,
        row.deliverySlotId,
      );
      const candidates: PartnerCandidate[] = serving.map((p) => ({ ...p, load: loads.get(p.id) ?? 0 }));
      const next = nextPartner(candidates, {
        areaId: row.deliveryAreaId,
        makes: orderNeeds(traits),
        tried: offers.map((o) => o.partnerId),
      });
      if (next) {
        await repo.insertOffer(tx, {
          orderId,
          partnerId: next.id,
          deliveryDate: row.deliveryDate,
          slotId: row.deliverySlotId,
          offeredAt: now,
          expiresAt: offerExpiry(row.deliveryDate, now),
        });
      } else if (await orderFulfilment.markUnassigned(tx, orderId, now)) {
        await this.alertAdmins(tx, row);
      }
    });
  }

  private async alertAdmins(tx: Tx, row: OrderRow): Promise<void> {
    const { site } = this.options;
    const when = `${shortDate(row.deliveryDate!)}, ${slotName({ type: row.deliverySlot!.type, label: row.deliverySlot!.label })}`;
    for (const recipient of await adminEmails(tx)) {
      await enqueue(
        tx,
        {
          kind: 'order_unassigned',
          recipient,
          payload: { orderNumber: orderNumberLabel(row.number), when, link: `${site.url}/order/${row.id}` },
        },
        site.host,
      );
    }
  }

  /**
   * One pass of the sweep: lapsed offers end, cancelled orders' offers are withdrawn, waiting
   * orders are offered, missed slots are made good, and slot fees due back are refunded.
   */
  async sweep(now = new Date()): Promise<void> {
    await repo.expireOffers(this.db, now);
    const from = addDays(istDate(now), -1);
    const live = await repo.liveOrderIdsFrom(this.db, from);
    const gone = await orderFulfilment.notLive(this.db, live);
    await repo.withdrawOffers(this.db, gone, now);
    // Orders on offer, and orders in areas no partner serves (the store's own team delivers those,
    // and an offer would leave them as they are), are left out before the batch is taken: neither
    // a hundred offers waiting for an answer nor a hundred of the team's orders hold back the
    // orders paid after them, and a store without partners looks at no order at all.
    const served = await repo.servedAreaIds(this.db);
    const waiting = served.length
      ? await orderFulfilment.awaitingPartner(this.db, { from, offered: live, areas: served }, SWEEP_BATCH)
      : [];
    for (const order of waiting) await this.offer(order.id, now);
    for (const id of await orderFulfilment.overdue(this.db, now, SWEEP_BATCH)) {
      await this.db.transaction((tx) => orderFulfilment.markIfLate(tx, id, now, this.options.site));
    }
    for (const row of await orderFulfilment.refundsToMake(this.db, SWEEP_BATCH)) await this.refundSlotFee(row);
  }

  /**
   * Gives a late order's slot fee back through the gateway, once: the refund's receipt is the
   * order's, so a refund made by an attempt whose answer was lost is found rather than made again.
   * A gateway that fails leaves it for the next sweep.
   */
  async refundSlotFee(row: OrderRow): Promise<void> {
    const compensation = row.lateCompensation;
    if (compensation?.kind !== 'refund' || compensation.refundId || !row.paymentId) return;
    const { provider, log } = this.options;
    try {
      const receipt = lateReceipt(row.id);
      const held = await provider.refundsOf(row.paymentId);
      const refund =
        held.find((r) => r.receipt === receipt && r.status !== 'failed') ??
        (await provider.refund(row.paymentId, compensation.amount, receipt));
      if (refund.status !== 'failed') await orderFulfilment.recordLateRefund(this.db, row.id, refund.id);
    } catch (err) {
      log.warn({ err, orderId: row.id }, 'could not refund a late order’s slot fee; the next sweep tries again');
    }
  }

  /** Today's and tomorrow's orders of the partner (or one date's), in the order of their slots. */
  async day(user: SessionUser, date: string | undefined, now = new Date()): Promise<PartnerOrderList> {
    const partner = await this.partnerOf(user);
    const today = istDate(now);
    const offers = await repo.partnerDay(this.db, partner.id, date ? [date] : [today, addDays(today, 1)], now);
    const { rows, items } = await orderFulfilment.rowsWithItems(
      this.db,
      offers.map((o) => o.orderId),
    );
    const orders = offers.flatMap((offer) => {
      const row = rows.find((r) => r.id === offer.orderId);
      if (!row || row.status !== 'paid') return [];
      return [toPartnerOrder(row, items, offer.status === 'offered' ? offer.expiresAt : null)];
    });
    orders.sort(
      (a, b) =>
        a.delivery.date.localeCompare(b.delivery.date) || a.delivery.slotStart.localeCompare(b.delivery.slotStart),
    );
    return { partner: { name: partner.name }, orders };
  }

  async accept(user: SessionUser, orderId: string, now = new Date()): Promise<PartnerOrder> {
    const partner = await this.partnerOf(user);
    await this.db.transaction(async (tx) => {
      const row = await orderFulfilment.lock(tx, orderId);
      const offer = await repo.lockOffer(tx, orderId, partner.id);
      if (!row || !offer || offer.status === 'withdrawn') throw NOT_FOUND();
      if (offer.status === 'accepted') return;
      if (offer.status !== 'offered' || offer.expiresAt <= now) {
        throw new AppError('CONFLICT', 'This offer has lapsed or was declined: the order has gone to another partner');
      }
      if (row.status !== 'paid') throw new AppError('CONFLICT', 'This order was cancelled');
      await repo.answerOffer(tx, orderId, partner.id, 'accepted', now);
      await orderFulfilment.accept(tx, orderId, partner.name, actorOf(user), now);
    });
    return this.one(partner.id, orderId);
  }

  async decline(user: SessionUser, orderId: string, reason: string, now = new Date()): Promise<void> {
    const partner = await this.partnerOf(user);
    await this.db.transaction(async (tx) => {
      const row = await orderFulfilment.lock(tx, orderId);
      const offer = await repo.lockOffer(tx, orderId, partner.id);
      if (!row || !offer || offer.status === 'withdrawn') throw NOT_FOUND();
      if (offer.status === 'accepted') {
        throw new AppError('CONFLICT', 'You have accepted this order; ask the store if you cannot make it');
      }
      if (offer.status !== 'offered') throw new AppError('CONFLICT', 'This offer has already lapsed or been declined');
      await repo.answerOffer(tx, orderId, partner.id, 'declined', now, reason);
    });
    // The next partner hears of it now, not at the next sweep.
    await this.offer(orderId, now);
  }

  async outForDelivery(user: SessionUser, orderId: string, now = new Date()): Promise<PartnerOrder> {
    const partner = await this.partnerOf(user);
    await this.db.transaction(async (tx) => {
      const row = await this.acceptedOrder(tx, partner.id, orderId);
      stepProblem(row, 'out_for_delivery', now);
      await orderFulfilment.outForDelivery(tx, orderId, actorOf(user), now, this.options.site);
    });
    return this.one(partner.id, orderId);
  }

  async delivered(user: SessionUser, orderId: string, proof: DeliveredInput, now = new Date()): Promise<PartnerOrder> {
    const partner = await this.partnerOf(user);
    await this.db.transaction(async (tx) => {
      const row = await this.acceptedOrder(tx, partner.id, orderId);
      stepProblem(row, 'delivered', now);
      await orderFulfilment.delivered(tx, orderId, proof, actorOf(user), now, this.options.site);
    });
    const delivered = await orderFulfilment.find(this.db, orderId);
    if (delivered) await this.refundSlotFee(delivered);
    return this.one(partner.id, orderId);
  }

  /** The order this partner accepted, locked; 404 for any other, as if it did not exist. */
  private async acceptedOrder(tx: Tx, partnerId: string, orderId: string): Promise<OrderRow> {
    const row = await orderFulfilment.lock(tx, orderId);
    const offer = await repo.lockOffer(tx, orderId, partnerId);
    if (!row || offer?.status !== 'accepted') throw NOT_FOUND();
    if (row.status !== 'paid') throw new AppError('CONFLICT', 'This order was cancelled');
    return row;
  }

  private async one(partnerId: string, orderId: string): Promise<PartnerOrder> {
    const { rows, items } = await orderFulfilment.rowsWithItems(this.db, [orderId]);
    const offer = (await repo.offersOf(this.db, orderId)).find((o) => o.partnerId === partnerId);
    return toPartnerOrder(rows[0]!, items, offer?.status === 'offered' ? offer.expiresAt : null);
  }

  private async partnerOf(user: SessionUser) {
    const partner = user.partnerId ? await repo.findPartner(this.db, user.partnerId) : undefined;
    if (!partner) throw new AppError('FORBIDDEN', "This needs a partner's account");
    return partner;
  }
}

const actorOf = (user: SessionUser) => ({ id: user.id, name: user.name });

/**
 * The store's one rule for delivery steps (order and timing, ADR 085), as a partner takes them: a
 * partner packs as it leaves, so an accepted order goes out as a packed one would.
 */
function stepProblem(row: OrderRow, step: 'out_for_delivery' | 'delivered', now: Date): void {
  const stage = orderStage(row);
  const problem = deliveryStepProblem(stage === 'paid' ? 'packed' : stage, step, now, bookedDeliveryOf(row));
  if (problem) throw new AppError('CONFLICT', problem);
}

function toPartnerOrder(row: OrderRow, items: readonly OrderItemRow[], offerExpiresAt: Date | null): PartnerOrder {
  const address = row.shippingAddress;
  const slot = row.deliverySlot!;
  return {
    _id: row.id,
    orderNumber: orderNumberLabel(row.number),
    state: row.deliveredAt
      ? 'delivered'
      : row.outForDeliveryAt
        ? 'out_for_delivery'
        : row.acceptedAt
          ? 'accepted'
          : 'offered',
    offerExpiresAt: offerExpiresAt?.toISOString() ?? null,
    delivery: {
      date: row.deliveryDate!,
      slot: slotName({ type: slot.type, label: slot.label }),
      slotStart: slot.start,
      slotEnd: slot.end,
    },
    items: items
      .filter((i) => i.orderId === row.id)
      .sort((a, b) => a.position - b.position)
      .map((i) => ({ name: i.name, variant: i.variantName, qty: i.qty, options: i.options.map(optionText) })),
    recipient: {
      name: `${address.firstName} ${address.lastName}`.trim(),
      phone: address.phone,
      address: address.address,
      address2: address.address2,
      landmark: address.landmark ?? '',
      city: address.city,
      postalCode: address.postalCode,
    },
    giftMessage: row.giftMessage ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    outForDeliveryAt: row.outForDeliveryAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    photo: row.deliveryPhoto,
    receivedBy: row.receivedBy,
  };
}
