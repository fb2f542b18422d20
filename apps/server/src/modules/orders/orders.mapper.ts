import { orderNumberLabel, orderStage, paiseToRupees, slotLabel } from '@store/domain';
import type { AddressResponse, CancellationRefundStatus, OrderCancellation, OrderResponse } from '@store/contracts';
import type { PaymentRow } from '../payments/payments.refunds.js';
import { guestOrderPath } from './orders.events.js';
import { refundLeft } from './orders.fulfilment.js';
import type { orderEvents, orderItems, orders, StoredShippingAddress } from './orders.table.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type TimelineEvent = Pick<typeof orderEvents.$inferSelect, 'kind' | 'at' | 'actorName'>;
/** What a cancelled order tells of the payment it refunds. */
export type RefundedPayment = Pick<PaymentRow, 'id' | 'outcome' | 'amount' | 'refundId' | 'refundedAt' | 'refundError'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Claimed and asked of the gateway, or about to be, unless it is known refunded or due again. */
const refundStatusOf = (payment: RefundedPayment | undefined): CancellationRefundStatus =>
  payment?.outcome === 'refunded' || payment?.outcome === 'refund_due' ? payment.outcome : 'refunding';

/** Why and when an admin cancelled the order, and where its refund is; who and why not refunded for admins only. */
function cancellationOf(
  order: OrderRow,
  events: readonly TimelineEvent[],
  payment: RefundedPayment | undefined,
  forAdmin: boolean,
): OrderCancellation | null {
  if (order.status !== 'cancelled' || !order.cancelledAt) return null;
  const status = refundStatusOf(payment);
  return {
    at: order.cancelledAt.toISOString(),
    reason: order.cancelReason ?? '',
    ...(forAdmin ? { by: events.find((e) => e.kind === 'cancelled')?.actorName ?? null } : {}),
    refund: {
      amount: paiseToRupees(refundLeft(payment?.amount ?? order.totalPrice, order)),
      status,
      refundId: status === 'refunded' ? (payment?.refundId ?? null) : null,
      refundedAt: status === 'refunded' ? iso(payment?.refundedAt ?? null) : null,
      ...(forAdmin
        ? { paymentId: order.paymentId ?? '', error: status === 'refund_due' ? (payment?.refundError ?? null) : null }
        : {}),
    },
  };
}

/** An order's recipient as the API answers it: with a landmark, '' for orders placed before one was asked. */
export function shippingAddressOf(address: StoredShippingAddress): AddressResponse {
  return { ...address, landmark: address.landmark ?? '' };
}

/**
 * The spec's order, in rupees, plus the status, payment deadline and timeline a shopper needs to
 * see; who moved it along is for admins' eyes.
 */
export function toOrderResponse(
  order: OrderRow,
  items: readonly OrderItemRow[],
  events: readonly TimelineEvent[],
  forAdmin: boolean,
  payment?: RefundedPayment,
): OrderResponse {
  return {
    _id: order.id,
    number: order.number,
    orderNumber: orderNumberLabel(order.number),
    user: { _id: order.userId, name: order.userName, email: order.userEmail },
    orderItems: [...items]
      .sort((a, b) => a.position - b.position)
      .map((i) => ({
        _id: i.productId ?? i.id,
        product: i.productId,
        variant: i.variantName === null ? null : { _id: i.variantId, name: i.variantName },
        name: i.name,
        qty: i.qty,
        price: paiseToRupees(i.price),
        discountPrice: paiseToRupees(i.discountPrice),
        options: i.options.map((o) => ({
          _id: o.id,
          name: o.name,
          kind: o.kind,
          value: o.value,
          price: paiseToRupees(o.price),
        })),
        optionsPrice: paiseToRupees(i.optionsPrice),
        image: i.image,
        optimizedImages: i.optimizedImages,
        vendor: i.vendor,
        hsnCode: i.hsnCode,
        gstRate: i.gstRate,
        couponDiscount: paiseToRupees(i.couponDiscount),
        taxPrice: paiseToRupees(i.cgst + i.sgst + i.igst),
      })),
    shippingAddress: shippingAddressOf(order.shippingAddress),
    paymentMethod: order.paymentMethod,
    itemsPrice: paiseToRupees(order.itemsPrice),
    shippingPrice: paiseToRupees(order.shippingPrice),
    taxPrice: paiseToRupees(order.taxPrice),
    totalPrice: paiseToRupees(order.totalPrice),
    status: order.status,
    payBy: order.payBy.toISOString(),
    isPaid: order.status === 'paid',
    paidAt: iso(order.paidAt),
    isDelivered: order.deliveredAt !== null,
    deliveredAt: iso(order.deliveredAt),
    stage: orderStage(order),
    timeline: events.map((e) => ({
      status: e.kind,
      at: e.at.toISOString(),
      ...(forAdmin ? { by: e.actorName } : {}),
    })),
    createdAt: order.createdAt.toISOString(),
    fulfilment: {
      partner: order.partnerName === null ? null : { name: order.partnerName },
      acceptedAt: iso(order.acceptedAt),
      outForDeliveryAt: iso(order.outForDeliveryAt),
      deliveredAt: iso(order.deliveredAt),
      photo: order.deliveryPhoto,
      receivedBy: order.receivedBy,
      late: order.late,
      compensation: order.lateCompensation
        ? {
            kind: order.lateCompensation.kind,
            amount: paiseToRupees(order.lateCompensation.amount),
            ...(order.lateCompensation.couponCode ? { couponCode: order.lateCompensation.couponCode } : {}),
          }
        : null,
    },
    razorpayOrder: { id: order.razorpayOrderId, amount: order.razorpayAmount },
    delivery:
      order.deliveryDate && order.deliverySlotId && order.deliverySlot
        ? {
            date: order.deliveryDate,
            slotId: order.deliverySlotId,
            type: order.deliverySlot.type,
            // From the booked window, so an order placed under the old 24-hour labels reads as a new one.
            label: slotLabel(order.deliverySlot),
            start: order.deliverySlot.start,
            end: order.deliverySlot.end,
            fee: paiseToRupees(order.deliverySlot.fee),
          }
        : null,
    ...(order.guestToken ? { orderUrl: guestOrderPath(order.id, order.guestToken) } : {}),
    contact: { email: order.contactEmail, phone: order.contactPhone },
    giftMessage: order.giftMessage ?? null,
    couponCode: order.couponCode,
    couponDiscount: paiseToRupees(order.couponDiscount),
    buyerGstin: order.buyerGstin,
    buyerName: order.buyerName,
    buyerAddress: order.buyerAddress,
    invoice:
      order.invoiceNumber && order.invoicedAt
        ? { number: order.invoiceNumber, issuedAt: order.invoicedAt.toISOString() }
        : null,
    cancellation: cancellationOf(order, events, payment, forAdmin),
    creditNote:
      order.creditNoteNumber && order.creditNotedAt && order.invoiceNumber
        ? {
            number: order.creditNoteNumber,
            issuedAt: order.creditNotedAt.toISOString(),
            invoiceNumber: order.invoiceNumber,
          }
        : null,
  };
}
