import { optionLabel, orderNumberLabel, slotLabel, slotName, unitPrice, type ChosenOption } from '@store/domain';
import type { Tx } from '../../db/client.js';
import { enqueue, type MailSite } from '../outbox/outbox.service.js';
import type { OrderMailPayload } from '../outbox/outbox.order-emails.js';
import * as repo from './orders.repository.js';
import type { BookedSlot, OrderEventKind, StoredShippingAddress } from './orders.table.js';

/** The order emails, one per event a shopper hears about. */
export type OrderMailKind =
  | 'order_placed'
  | 'order_paid'
  | 'payment_failed'
  | 'order_packed'
  | 'order_out_for_delivery'
  | 'order_delivered'
  | 'order_cancelled'
  | 'order_late'
  | 'refund_issued';

/** What an order email needs of the order, whether read back or about to be written. */
export interface MailOrder {
  id: string;
  number: number;
  userName: string;
  userEmail: string;
  /** Where the order's emails go: the buyer's contact address, which may not be the account's. */
  contactEmail: string;
  /** A guest's order: the token its emails' links carry, the only way in without an account. */
  guestToken: string | null;
  shippingAddress: StoredShippingAddress;
  itemsPrice: number;
  shippingPrice: number;
  couponDiscount: number;
  taxPrice: number;
  totalPrice: number;
  payBy: Date;
  deliveryDate: string | null;
  deliverySlot: BookedSlot | null;
}

export interface MailItem {
  name: string;
  variantName: string | null;
  qty: number;
  price: number;
  discountPrice: number;
  options: readonly ChosenOption[];
  optionsPrice: number;
  position: number;
}

/**
 * A refund made at the gateway: its reference (rfnd_…) and amount in paise, and whether it is the
 * refund of the payment a cancelled order was paid with (else money the order could not use).
 */
export interface MailRefund {
  id: string;
  amount: number;
  cancelled?: boolean;
}

/** An admin's cancellation: the reason, in their words, and the refund under way, in paise. */
export interface MailCancellation {
  reason: string;
  refundAmount: number;
}

/** What one kind of email says beyond the order itself. */
interface MailExtras {
  /** The gateway's words, on a failed payment. */
  reason?: string;
  refund?: MailRefund;
  cancellation?: MailCancellation;
  /** On delivery by a partner: the photo taken at the door (its path) and who took the gift. */
  proof?: { photo: string; receivedBy: string };
  /** On a missed slot: how the buyer is made good, in paise. */
  late?: { kind: 'refund' | 'coupon'; amount: number; couponCode?: string };
}

export interface Actor {
  id: string;
  name: string;
}

const longDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const istTime = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' });

/** A guest's way to their order: its page, with the token that opens it (issue 35). */
export const guestOrderPath = (id: string, token: string) => `/order/${id}?token=${encodeURIComponent(token)}`;

function payload(
  order: MailOrder,
  items: readonly MailItem[],
  site: MailSite,
  { reason, refund, cancellation, proof, late }: MailExtras,
): OrderMailPayload {
  return {
    orderId: order.id,
    orderNumber: orderNumberLabel(order.number),
    orderUrl: order.guestToken
      ? `${site.url}${guestOrderPath(order.id, order.guestToken)}`
      : `${site.url}/order/${order.id}`,
    name: order.userName,
    lines: [...items]
      .sort((a, b) => a.position - b.position)
      .map((i) => ({
        name: i.name,
        variant: i.variantName,
        options: i.options.map(optionLabel),
        qty: i.qty,
        amount: unitPrice(i) * i.qty,
      })),
    itemsPrice: order.itemsPrice,
    shippingPrice: order.shippingPrice,
    couponDiscount: order.couponDiscount,
    taxPrice: order.taxPrice,
    totalPrice: order.totalPrice,
    delivery:
      order.deliveryDate && order.deliverySlot
        ? {
            // An IST calendar date, read at midnight UTC so no zone moves it.
            date: longDate.format(new Date(`${order.deliveryDate}T00:00:00Z`)),
            // From the booked window, so an order placed under the old 24-hour labels reads as a new one.
            slot: slotName({ type: order.deliverySlot.type, label: slotLabel(order.deliverySlot) }),
          }
        : null,
    recipient: {
      name: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
      city: order.shippingAddress.city,
      postalCode: order.shippingAddress.postalCode,
      landmark: order.shippingAddress.landmark ?? '',
    },
    payBy: istTime.format(order.payBy),
    ...(reason ? { reason } : {}),
    ...(refund ? { refund } : {}),
    ...(cancellation ? { cancellation } : {}),
    ...(proof ? { proof: { photoUrl: `${site.url}${proof.photo}`, receivedBy: proof.receivedBy } } : {}),
    ...(late ? { late } : {}),
  };
}

export interface OrderEvent {
  kind: OrderEventKind;
  at: Date;
  /** The admin who made the move; none when the shopper, the gateway or the store did. */
  actor?: Actor | null;
  /** The email the shopper gets of it, if any. */
  mail?: { kind: OrderMailKind; order: MailOrder; items: readonly MailItem[]; site: MailSite } & MailExtras;
}

/**
 * What an order event writes, in the event's own transaction: its line in the order's timeline
 * and, when the shopper hears of it, the email in the outbox. Statements, so they can join the
 * transaction's pipeline; the caller sends them.
 */
export function orderEventWrites(tx: Tx, orderId: string, event: OrderEvent) {
  const timeline = repo.insertEvent(tx, {
    orderId,
    kind: event.kind,
    at: event.at,
    actorId: event.actor?.id ?? null,
    actorName: event.actor?.name ?? null,
  });
  const { mail } = event;
  if (!mail) return [timeline];
  const message = {
    kind: mail.kind,
    recipient: mail.order.contactEmail,
    payload: payload(mail.order, mail.items, mail.site, mail),
  };
  return [timeline, enqueue(tx, message, mail.site.host)];
}

/** The same writes, sent one after the other, in a transaction that is not pipelined. */
export async function recordOrderEvent(tx: Tx, orderId: string, event: OrderEvent): Promise<void> {
  for (const statement of orderEventWrites(tx, orderId, event)) await statement;
}
