import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RenderedMail } from './outbox.service.js';

export const BRAND = '#B0245A';
export const FONT = "-apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif";

/** Whom a shopper asks about anything the store sent: MAIL_FROM's address and STORE_SUPPORT_PHONE. */
export interface SupportContact {
  email: string;
  phone: string;
}

/**
 * What an email says, apart from the look and the foot every one shares: the body as elements for
 * the HTML part and as lines for the plain-text one.
 */
export interface MailContent {
  subject: string;
  /** What the inbox shows beside the subject. */
  preview: string;
  html: ReactNode[];
  text: string[];
}

const QUESTIONS = 'Questions? Write to';

/** The dialler takes the number without the spaces and dashes it is written with. */
const telHref = (phone: string) => `tel:${phone.replace(/[\s-]/g, '')}`;

/**
 * The store's look in an email: one centred column at most 600 px wide, built of tables with
 * inline styles, which is what narrow and old mail clients render faithfully. Its foot names the
 * support contact, so a shopper with a question about any email knows whom to ask.
 */
function Layout({ preview, support, children }: { preview: string; support: SupportContact; children?: ReactNode }) {
  return h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    ),
    h(
      'body',
      { style: { margin: 0, padding: 0, background: '#f6f3f4', fontFamily: FONT, color: '#1f1f1f' } },
      // What a mail client shows beside the subject in the inbox, hidden in the message itself.
      h('div', { style: { display: 'none', maxHeight: 0, overflow: 'hidden' } }, preview),
      h(
        'table',
        { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, style: { background: '#f6f3f4' } },
        h(
          'tbody',
          null,
          h(
            'tr',
            null,
            h(
              'td',
              { align: 'center', style: { padding: '24px 12px' } },
              h(
                'table',
                {
                  role: 'presentation',
                  width: '100%',
                  cellPadding: 0,
                  cellSpacing: 0,
                  style: { maxWidth: 600, background: '#ffffff', borderRadius: 8, overflow: 'hidden' },
                },
                h(
                  'tbody',
                  null,
                  h(
                    'tr',
                    null,
                    h(
                      'td',
                      {
                        style: {
                          background: BRAND,
                          padding: '16px 24px',
                          color: '#ffffff',
                          fontSize: 20,
                          fontWeight: 700,
                        },
                      },
                      'Phoolwala Gifts',
                    ),
                  ),
                  h('tr', null, h('td', { style: { padding: '24px', fontSize: 15, lineHeight: '22px' } }, children)),
                  h(
                    'tr',
                    null,
                    h(
                      'td',
                      { style: { padding: '16px 24px', fontSize: 12, color: '#6b6b6b', borderTop: '1px solid #eee' } },
                      h(
                        'p',
                        { style: { margin: '0 0 6px' } },
                        `${QUESTIONS} `,
                        h('a', { href: `mailto:${support.email}`, style: { color: BRAND } }, support.email),
                        ' or call ',
                        h('a', { href: telHref(support.phone), style: { color: BRAND } }, support.phone),
                        '.',
                      ),
                      h('p', { style: { margin: 0 } }, 'Flowers, cakes and gifts delivered across India.'),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** An email as the store sends every one: its look, and the support contact at the foot of both parts. */
export function storeMail(content: MailContent, support: SupportContact): RenderedMail {
  const html = h(Layout, { preview: content.preview, support }, ...content.html);
  return {
    subject: content.subject,
    html: `<!doctype html>${renderToStaticMarkup(html)}`,
    text: [...content.text, '', `${QUESTIONS} ${support.email} or call ${support.phone}.`].join('\n'),
  };
}

export const button = (href: string, label: string) =>
  h(
    'a',
    {
      href,
      style: {
        display: 'inline-block',
        background: BRAND,
        color: '#ffffff',
        padding: '12px 20px',
        borderRadius: 6,
        textDecoration: 'none',
        fontWeight: 600,
      },
    },
    label,
  );

/** After registering: who the store is, and where to start. */
export function welcomeEmail(payload: Record<string, unknown>, support: SupportContact): RenderedMail {
  const name = String(payload.name ?? '');
  const shopUrl = String(payload.shopUrl ?? '');
  const welcome =
    'Thank you for joining us. Choose a gift, pick a delivery date and time slot, add a message card, and we deliver it, the same day in Kochi, Delhi, Mumbai and Bengaluru.';
  return storeMail(
    {
      subject: `Welcome to Phoolwala Gifts, ${name}`,
      preview: 'Flowers, cakes and gifts delivered across India, the same day in four cities.',
      html: [
        h('p', { style: { marginTop: 0 } }, `Namaste ${name},`),
        h('p', null, welcome),
        h('p', { style: { margin: '24px 0' } }, button(shopUrl, 'Start shopping')),
        h('p', { style: { marginBottom: 0, color: '#6b6b6b', fontSize: 13 } }, 'Warm wishes, the Phoolwala Gifts team'),
      ],
      text: [
        `Namaste ${name},`,
        '',
        welcome,
        '',
        `Start shopping: ${shopUrl}`,
        '',
        'Warm wishes, the Phoolwala Gifts team',
      ],
    },
    support,
  );
}

/**
 * A link to set a new password, asked for on /forgot-password. Whoever did not ask may ignore it:
 * nothing changes until the link is opened. The link is written out as well as behind the button,
 * for mail clients that show no buttons and for copying into the browser the shopper uses.
 */
export function passwordResetEmail(payload: Record<string, unknown>, support: SupportContact): RenderedMail {
  const name = String(payload.name ?? '');
  const link = String(payload.link ?? '');
  const validFor = String(payload.validFor ?? '');
  const asked = 'We received a request to reset the password of your Phoolwala Gifts account.';
  const once = `The link works once, for ${validFor}.`;
  const ignore = 'If you did not ask for this, ignore this email: your password stays as it is.';
  return storeMail(
    {
      subject: 'Reset your Phoolwala Gifts password',
      preview: `Set a new password for your account. ${once}`,
      html: [
        h('p', { style: { marginTop: 0 } }, `Namaste ${name},`),
        h('p', null, `${asked} ${once}`),
        h('p', { style: { margin: '24px 0' } }, button(link, 'Set a new password')),
        h(
          'p',
          { style: { fontSize: 13, color: '#6b6b6b', wordBreak: 'break-all' } },
          'Or open this link: ',
          h('a', { href: link, style: { color: BRAND } }, link),
        ),
        h('p', null, ignore),
        h('p', { style: { marginBottom: 0, color: '#6b6b6b', fontSize: 13 } }, 'Warm wishes, the Phoolwala Gifts team'),
      ],
      text: [
        `Namaste ${name},`,
        '',
        `${asked} ${once}`,
        '',
        `Set a new password: ${link}`,
        '',
        ignore,
        '',
        'Warm wishes, the Phoolwala Gifts team',
      ],
    },
    support,
  );
}

/** A one-time sign-in code (issue 35): the code big enough to read across a room, and what to do if unasked. */
export function signInCodeEmail(payload: Record<string, unknown>, support: SupportContact): RenderedMail {
  const name = String(payload.name ?? '');
  const code = String(payload.code ?? '');
  const validFor = String(payload.validFor ?? '');
  const use = `Enter this code to sign in to Phoolwala Gifts. It works once, for ${validFor}.`;
  const ignore = 'If you did not ask for it, ignore this email: nobody can sign in without the code.';
  return storeMail(
    {
      subject: 'Your Phoolwala Gifts sign-in code',
      preview: use,
      html: [
        h('p', { style: { marginTop: 0 } }, `Namaste ${name},`),
        h('p', null, use),
        h(
          'p',
          { style: { margin: '24px 0', fontSize: 32, fontWeight: 700, letterSpacing: '0.2em', color: BRAND } },
          code,
        ),
        h('p', null, ignore),
        h('p', { style: { marginBottom: 0, color: '#6b6b6b', fontSize: 13 } }, 'Warm wishes, the Phoolwala Gifts team'),
      ],
      text: [`Namaste ${name},`, '', use, '', code, '', ignore, '', 'Warm wishes, the Phoolwala Gifts team'],
    },
    support,
  );
}

/** A partner's person invited by an admin (issue 36): a link to set a password, once. */
export function partnerInviteEmail(payload: Record<string, unknown>, support: SupportContact): RenderedMail {
  const name = String(payload.name ?? '');
  const partner = String(payload.partner ?? '');
  const link = String(payload.link ?? '');
  const validFor = String(payload.validFor ?? '');
  const invited = `You have been added to ${partner} on Phoolwala Gifts: you will see and deliver its orders there.`;
  const once = `Set your password with this link; it works once, for ${validFor}. Then sign in with your email and password at /partner.`;
  return storeMail(
    {
      subject: `Set your password: ${partner} on Phoolwala Gifts`,
      preview: invited,
      html: [
        h('p', { style: { marginTop: 0 } }, `Namaste ${name},`),
        h('p', null, invited),
        h('p', null, once),
        h('p', { style: { margin: '24px 0' } }, button(link, 'Set your password')),
        h('p', { style: { marginBottom: 0, color: '#6b6b6b', fontSize: 13 } }, 'Warm wishes, the Phoolwala Gifts team'),
      ],
      text: [`Namaste ${name},`, '', invited, '', once, '', `Set your password: ${link}`],
    },
    support,
  );
}

/** To the admins: a paid order that no partner can take (issue 36), so that someone makes it. */
export function orderUnassignedEmail(payload: Record<string, unknown>, support: SupportContact): RenderedMail {
  const orderNumber = String(payload.orderNumber ?? '');
  const link = String(payload.link ?? '');
  const when = String(payload.when ?? '');
  const why = `No partner can take order ${orderNumber} for ${when}: every partner serving its area declined, let the offer lapse, is full, or does not make it.`;
  return storeMail(
    {
      subject: `Order ${orderNumber} has no partner`,
      preview: why,
      html: [
        h('p', { style: { marginTop: 0 } }, why),
        h('p', null, 'Deliver it yourselves, or ask a partner to make room.'),
        h('p', { style: { margin: '24px 0' } }, button(link, 'Open the order')),
      ],
      text: [why, '', 'Deliver it yourselves, or ask a partner to make room.', '', `Open the order: ${link}`],
    },
    support,
  );
}
