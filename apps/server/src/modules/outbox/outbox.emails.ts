import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RenderedMail } from './outbox.service.js';

export const BRAND = '#B0245A';
export const FONT = "-apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif";

/**
 * The store's look in an email: one centred column at most 600 px wide, built of tables with
 * inline styles, which is what narrow and old mail clients render faithfully.
 */
export function Layout({ preview, children }: { preview: string; children?: ReactNode }) {
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
                      'Flowers, cakes and gifts delivered across India.',
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

export const page = (element: ReturnType<typeof h>) => `<!doctype html>${renderToStaticMarkup(element)}`;

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
export function welcomeEmail(payload: Record<string, unknown>): RenderedMail {
  const name = String(payload.name ?? '');
  const shopUrl = String(payload.shopUrl ?? '');
  return {
    subject: `Welcome to Phoolwala Gifts, ${name}`,
    html: page(
      h(
        Layout,
        { preview: 'Flowers, cakes and gifts delivered across India, the same day in four cities.' },
        h('p', { style: { marginTop: 0 } }, `Namaste ${name},`),
        h(
          'p',
          null,
          'Thank you for joining us. Choose a gift, pick a delivery date and time slot, add a message card, and we deliver it, the same day in Kochi, Delhi, Mumbai and Bengaluru.',
        ),
        h('p', { style: { margin: '24px 0' } }, button(shopUrl, 'Start shopping')),
        h('p', { style: { marginBottom: 0, color: '#6b6b6b', fontSize: 13 } }, 'Warm wishes, the Phoolwala Gifts team'),
      ),
    ),
    text: [
      `Namaste ${name},`,
      '',
      'Thank you for joining us. Choose a gift, pick a delivery date and time slot, add a message card, and we deliver it, the same day in Kochi, Delhi, Mumbai and Bengaluru.',
      '',
      `Start shopping: ${shopUrl}`,
      '',
      'Warm wishes, the Phoolwala Gifts team',
    ].join('\n'),
  };
}

/**
 * A link to set a new password, asked for on /forgot-password. Whoever did not ask may ignore it:
 * nothing changes until the link is opened. The link is written out as well as behind the button,
 * for mail clients that show no buttons and for copying into the browser the shopper uses.
 */
export function passwordResetEmail(payload: Record<string, unknown>): RenderedMail {
  const name = String(payload.name ?? '');
  const link = String(payload.link ?? '');
  const validFor = String(payload.validFor ?? '');
  const asked = 'We received a request to reset the password of your Phoolwala Gifts account.';
  const once = `The link works once, for ${validFor}.`;
  const ignore = 'If you did not ask for this, ignore this email: your password stays as it is.';
  return {
    subject: 'Reset your Phoolwala Gifts password',
    html: page(
      h(
        Layout,
        { preview: `Set a new password for your account. ${once}` },
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
      ),
    ),
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
    ].join('\n'),
  };
}
