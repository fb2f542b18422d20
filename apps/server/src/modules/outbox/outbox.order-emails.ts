import { createElement as h, type ReactNode } from 'react';
import { z } from 'zod';
import { formatInr, landmarkLine } from '@store/domain';
import { button, storeMail, type SupportContact } from './outbox.emails.js';
import type { RenderedMail } from './outbox.service.js';

/**
 * What an order email shows, as the order was when the event happened: written with the message
 * and checked when it is rendered, so a message that cannot be shown fails its attempt (recorded)
 * instead of going out with blanks. Amounts in paise.
 */
export const orderMailPayloadSchema = z.object({
  orderId: z.string(),
  /**
   * 'PW-000123', as the shopper sees it on the site. Messages written before orders had numbers
   * have none and name the order by its id, so that they can still go out.
   */
  orderNumber: z.string().optional(),
  orderUrl: z.string(),
  name: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      variant: z.string().nullable(),
      /** 'Eggless (+₹50)', 'Message on cake: “Happy birthday”'; messages written before options have none. */
      options: z.array(z.string()).default([]),
      qty: z.number(),
      amount: z.number(),
    }),
  ),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  couponDiscount: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  /** 'Saturday, 14 February 2026' and 'Midnight, 11 PM – 12 AM'; null on orders placed before slots. */
  delivery: z.object({ date: z.string(), slot: z.string() }).nullable(),
  recipient: z.object({
    name: z.string(),
    city: z.string(),
    postalCode: z.string(),
    /** '' when none was given; messages written before landmarks were asked for have none. */
    landmark: z.string().default(''),
  }),
  /** The time an unpaid order is held until, as a shopper in India reads it: '3:45 pm'. */
  payBy: z.string(),
  /** The gateway's words, on a failed payment. */
  reason: z.string().optional(),
  /**
   * On a refund: the gateway's reference (rfnd_…), which the shopper's bank can trace, and its
   * amount; `cancelled` when it refunds the payment of an order an admin cancelled.
   */
  refund: z.object({ id: z.string(), amount: z.number(), cancelled: z.boolean().optional() }).optional(),
  /** On a cancellation: the admin's reason, and the refund of the payment now under way. */
  cancellation: z.object({ reason: z.string(), refundAmount: z.number() }).optional(),
  /** On a partner's delivery: the photo taken at the door and who took the gift. */
  proof: z.object({ photoUrl: z.string(), receivedBy: z.string() }).optional(),
  /** On a missed slot: how the buyer is made good. */
  late: z
    .object({ kind: z.enum(['refund', 'coupon']), amount: z.number(), couponCode: z.string().optional() })
    .optional(),
});
export type OrderMailPayload = z.infer<typeof orderMailPayloadSchema>;

/** A refund email cannot go out without the refund it tells of, nor a cancellation without its reason. */
const refundMailPayloadSchema = orderMailPayloadSchema.required({ refund: true });
const cancelledMailPayloadSchema = orderMailPayloadSchema.required({ cancellation: true });
const lateMailPayloadSchema = orderMailPayloadSchema.required({ late: true });

const MUTED = '#6b6b6b';

/** 'PW-000123', which shoppers quote and search their inbox for: in every order email's subject. */
const numberOf = (order: OrderMailPayload) => order.orderNumber ?? order.orderId;
const orderName = (order: OrderMailPayload) => `Order ${numberOf(order)}`;

const cell = (content: ReactNode, align: 'left' | 'right' = 'left', strong = false) =>
  h('td', { align, style: { padding: '6px 0', fontWeight: strong ? 700 : 400, verticalAlign: 'top' } }, content);

/** The order at a glance: its lines, its money, when and to whom it goes. */
function Summary({ order }: { order: OrderMailPayload }) {
  const money: [string, string][] = [
    ['Items', formatInr(order.itemsPrice)],
    ['Delivery', order.shippingPrice === 0 ? 'Free' : formatInr(order.shippingPrice)],
    ...(order.couponDiscount > 0 ? [['Coupon', `−${formatInr(order.couponDiscount)}`] as [string, string]] : []),
  ];
  const landmark = landmarkLine(order.recipient.landmark);
  return h(
    'div',
    null,
    h(
      'table',
      {
        role: 'presentation',
        width: '100%',
        cellPadding: 0,
        cellSpacing: 0,
        style: { borderTop: '1px solid #eee', borderBottom: '1px solid #eee', margin: '16px 0' },
      },
      h(
        'tbody',
        null,
        ...order.lines.map((line, i) =>
          h(
            'tr',
            { key: i },
            cell([
              `${line.name}${line.variant ? ` (${line.variant})` : ''} × ${line.qty}`,
              ...line.options.map((option, n) =>
                h('span', { key: n, style: { display: 'block', color: MUTED, fontSize: 13 } }, option),
              ),
            ]),
            cell(formatInr(line.amount), 'right'),
          ),
        ),
        ...money.map(([label, amount]) =>
          h('tr', { key: label }, cell(h('span', { style: { color: MUTED } }, label)), cell(amount, 'right')),
        ),
        h('tr', null, cell('Total', 'left', true), cell(formatInr(order.totalPrice), 'right', true)),
        h(
          'tr',
          null,
          h(
            'td',
            { colSpan: 2, align: 'right', style: { color: MUTED, fontSize: 13, paddingBottom: 6 } },
            `incl. GST ${formatInr(order.taxPrice)}`,
          ),
        ),
      ),
    ),
    order.delivery &&
      h(
        'p',
        { style: { margin: '0 0 4px' } },
        h('strong', null, 'Delivery: '),
        `${order.delivery.date}, ${order.delivery.slot}`,
      ),
    h(
      'p',
      { style: { margin: 0 } },
      h('strong', null, 'To: '),
      `${order.recipient.name}, ${order.recipient.city} ${order.recipient.postalCode}`,
    ),
    landmark && h('p', { style: { margin: 0 } }, landmark),
    h('p', { style: { margin: '16px 0 0', color: MUTED, fontSize: 12 } }, orderName(order)),
  );
}

function summaryText(order: OrderMailPayload): string[] {
  const landmark = landmarkLine(order.recipient.landmark);
  return [
    ...order.lines.flatMap((l) => [
      `${l.name}${l.variant ? ` (${l.variant})` : ''} × ${l.qty}: ${formatInr(l.amount)}`,
      ...l.options.map((option) => `  ${option}`),
    ]),
    `Items: ${formatInr(order.itemsPrice)}`,
    `Delivery: ${order.shippingPrice === 0 ? 'Free' : formatInr(order.shippingPrice)}`,
    ...(order.couponDiscount > 0 ? [`Coupon: −${formatInr(order.couponDiscount)}`] : []),
    `Total: ${formatInr(order.totalPrice)} (incl. GST ${formatInr(order.taxPrice)})`,
    '',
    ...(order.delivery ? [`Delivery: ${order.delivery.date}, ${order.delivery.slot}`] : []),
    `To: ${order.recipient.name}, ${order.recipient.city} ${order.recipient.postalCode}`,
    ...(landmark ? [landmark] : []),
    '',
    orderName(order),
  ];
}

interface OrderMessage<P extends OrderMailPayload> {
  subject: (o: P) => string;
  /** The first sentence, also what the inbox shows beside the subject. */
  lead: (o: P) => string;
  more?: (o: P) => string;
  action: string;
}

/** One template per order event: the words differ, the look and the summary do not. */
function orderEmail<P extends OrderMailPayload>(schema: z.ZodType<P>, message: OrderMessage<P>) {
  return (payload: Record<string, unknown>, support: SupportContact): RenderedMail => {
    const order = schema.parse(payload);
    const lead = message.lead(order);
    const more = message.more?.(order);
    return storeMail(
      {
        subject: message.subject(order),
        preview: lead,
        html: [
          h('p', { style: { marginTop: 0 } }, `Namaste ${order.name},`),
          h('p', null, lead),
          more && h('p', null, more),
          order.proof &&
            h('img', {
              src: order.proof.photoUrl,
              alt: `Your gift, delivered to ${order.proof.receivedBy}`,
              width: 280,
              style: { display: 'block', maxWidth: '100%', borderRadius: '8px' },
            }),
          h('p', { style: { margin: '20px 0' } }, button(order.orderUrl, message.action)),
          h(Summary, { order }),
        ],
        text: [
          `Namaste ${order.name},`,
          '',
          lead,
          ...(more ? ['', more] : []),
          ...(order.proof ? ['', `Photo of the delivery: ${order.proof.photoUrl}`] : []),
          '',
          `${message.action}: ${order.orderUrl}`,
          '',
          ...summaryText(order),
        ],
      },
      support,
    );
  };
}

/** An admin's words, ending as a sentence does. */
const sentence = (words: string) => (/[.!?]$/.test(words.trim()) ? words.trim() : `${words.trim()}.`);

const whenAndWhere = (o: OrderMailPayload) => (o.delivery ? `on ${o.delivery.date}, ${o.delivery.slot}` : 'as booked');

export const orderPlacedEmail = orderEmail(orderMailPayloadSchema, {
  subject: (o) => `We have your order ${numberOf(o)}: pay to confirm it`,
  lead: (o) => `Thank you for your order. We are holding it for you until ${o.payBy}; pay by then to confirm it.`,
  more: () => 'If you have already paid, there is nothing more to do: a confirmation follows in a moment.',
  action: 'Pay for your order',
});

export const orderPaidEmail = orderEmail(orderMailPayloadSchema, {
  subject: (o) => `Order ${numberOf(o)} confirmed: your gift for ${o.recipient.name}`,
  lead: (o) => `We have received your payment of ${formatInr(o.totalPrice)}. Thank you!`,
  more: (o) =>
    `We will deliver to ${o.recipient.name} ${whenAndWhere(o)}, and email you when it is on its way. Your tax invoice is on your order page.`,
  action: 'View your order',
});

export const paymentFailedEmail = orderEmail(orderMailPayloadSchema, {
  subject: (o) => `Your payment for order ${numberOf(o)} did not go through`,
  lead: (o) =>
    `Your payment of ${formatInr(o.totalPrice)} did not go through${o.reason ? ` (${o.reason})` : ''}. No money was taken.`,
  more: (o) => `Your order is held until ${o.payBy}: try again, or use another card or UPI app.`,
  action: 'Try again',
});

export const orderPackedEmail = orderEmail(orderMailPayloadSchema, {
  subject: (o) => `Your order ${numberOf(o)} for ${o.recipient.name} is packed`,
  lead: (o) => `Your order is packed and ready to go to ${o.recipient.name} ${whenAndWhere(o)}.`,
  action: 'Follow your order',
});

export const orderOutForDeliveryEmail = orderEmail(orderMailPayloadSchema, {
  subject: (o) => `Your order ${numberOf(o)} for ${o.recipient.name} is out for delivery`,
  lead: (o) => `Your gift is on its way to ${o.recipient.name} in ${o.recipient.city}.`,
  more: (o) => (o.delivery ? `Delivery slot: ${o.delivery.slot}.` : ''),
  action: 'Follow your order',
});

export const orderDeliveredEmail = orderEmail(orderMailPayloadSchema, {
  subject: (o) => `Your order ${numberOf(o)} was delivered to ${o.recipient.name}`,
  lead: (o) =>
    o.proof
      ? `Your gift has been delivered to ${o.recipient.name}: ${o.proof.receivedBy} received it, and here is the photo taken at the door. Thank you for choosing Phoolwala Gifts.`
      : `Your gift has been delivered to ${o.recipient.name}. Thank you for choosing Phoolwala Gifts.`,
  more: () => 'Tell others what you thought: reviews on the product page help them choose.',
  action: 'View your order',
});

export const orderLateEmail = orderEmail(lateMailPayloadSchema, {
  subject: (o) => `We are sorry: order ${numberOf(o)} missed its delivery slot`,
  lead: (o) =>
    `We promised your gift to ${o.recipient.name} ${whenAndWhere(o)}, and we did not make it in time. We are sorry.`,
  more: (o) =>
    o.late.kind === 'refund'
      ? `We are refunding the slot fee of ${formatInr(o.late.amount)} to the card, UPI app or bank account you paid with; banks take 5–7 working days to show it.`
      : `Here is ${formatInr(o.late.amount)} off your next order, with our apologies: use the code ${o.late.couponCode ?? ''} at checkout within 90 days.`,
  action: 'View your order',
});

export const orderCancelledEmail = orderEmail(cancelledMailPayloadSchema, {
  subject: (o) => `Your order ${numberOf(o)} was cancelled`,
  lead: (o) =>
    `We are sorry: we have had to cancel your order for ${o.recipient.name}. ${sentence(o.cancellation.reason)}`,
  more: (o) =>
    `We are refunding ${formatInr(o.cancellation.refundAmount)} to the card, UPI app or bank account you paid with, and will email you the refund reference as soon as it is made. Banks take 5–7 working days to show a refund.`,
  action: 'View your order',
});

export const refundIssuedEmail = orderEmail(refundMailPayloadSchema, {
  subject: (o) => `Refund issued for order ${numberOf(o)}: ${formatInr(o.refund.amount)} is on its way back to you`,
  lead: (o) =>
    `We have refunded ${formatInr(o.refund.amount)} to the card, UPI app or bank account you paid with: ${o.refund.cancelled ? 'your order was cancelled' : 'that payment could not be used for this order'}.`,
  more: (o) =>
    `Banks take 5–7 working days to show a refund. If it has not reached you by then, give your bank the refund reference ${o.refund.id}.`,
  action: 'View your order',
});
