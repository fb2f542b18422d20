import {
  orderUnassignedEmail,
  partnerInviteEmail,
  passwordResetEmail,
  signInCodeEmail,
  welcomeEmail,
  type SupportContact,
} from './outbox.emails.js';
import {
  orderCancelledEmail,
  orderDeliveredEmail,
  orderLateEmail,
  orderOutForDeliveryEmail,
  orderPackedEmail,
  orderPaidEmail,
  orderPlacedEmail,
  paymentFailedEmail,
  refundIssuedEmail,
} from './outbox.order-emails.js';
import type { MailRenderer, RenderedMail } from './outbox.service.js';

type Template = (payload: Record<string, unknown>, support: SupportContact) => RenderedMail;

/**
 * The message of each kind the outbox holds. Rendered when sent, not when written, so a fixed
 * template also fixes the messages still waiting, and each names the support contact configured
 * when it goes; a kind without a template fails its attempt (recorded, retried) rather than
 * sending something half-made.
 */
const TEMPLATES: Record<string, Template> = {
  welcome: welcomeEmail,
  password_reset: passwordResetEmail,
  sign_in_code: signInCodeEmail,
  partner_invite: partnerInviteEmail,
  order_unassigned: orderUnassignedEmail,
  order_placed: orderPlacedEmail,
  order_paid: orderPaidEmail,
  payment_failed: paymentFailedEmail,
  order_packed: orderPackedEmail,
  order_out_for_delivery: orderOutForDeliveryEmail,
  order_delivered: orderDeliveredEmail,
  order_late: orderLateEmail,
  order_cancelled: orderCancelledEmail,
  refund_issued: refundIssuedEmail,
};

/** The store's renderer: each kind by its template, `support` at the foot of every one. */
export function mailRenderer(support: SupportContact): MailRenderer {
  return (kind, payload) => {
    const template = TEMPLATES[kind];
    if (!template) throw new Error(`No email template for '${kind}'`);
    return template(payload, support);
  };
}
