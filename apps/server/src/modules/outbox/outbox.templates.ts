import { passwordResetEmail, welcomeEmail } from './outbox.emails.js';
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderOutForDeliveryEmail,
  orderPackedEmail,
  orderPaidEmail,
  orderPlacedEmail,
  paymentFailedEmail,
  refundIssuedEmail,
} from './outbox.order-emails.js';
import type { RenderedMail } from './outbox.service.js';

type Template = (payload: Record<string, unknown>) => RenderedMail;

/**
 * The message of each kind the outbox holds. Rendered when sent, not when written, so a fixed
 * template also fixes the messages still waiting; a kind without a template fails its attempt
 * (recorded, retried) rather than sending something half-made.
 */
const TEMPLATES: Record<string, Template> = {
  welcome: welcomeEmail,
  password_reset: passwordResetEmail,
  order_placed: orderPlacedEmail,
  order_paid: orderPaidEmail,
  payment_failed: paymentFailedEmail,
  order_packed: orderPackedEmail,
  order_out_for_delivery: orderOutForDeliveryEmail,
  order_delivered: orderDeliveredEmail,
  order_cancelled: orderCancelledEmail,
  refund_issued: refundIssuedEmail,
};

export function renderMail(kind: string, payload: Record<string, unknown>): RenderedMail {
  const template = TEMPLATES[kind];
  if (!template) throw new Error(`No email template for '${kind}'`);
  return template(payload);
}
