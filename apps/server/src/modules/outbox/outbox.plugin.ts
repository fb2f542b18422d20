import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sharedReading } from '../../lib/metrics.js';
import { runPeriodically } from '../../lib/periodic.js';
import { fileTransport, smtpTransport, type MailTransport } from './outbox.mailer.js';
import { OutboxSender, pendingBacklog } from './outbox.service.js';
import { mailRenderer } from './outbox.templates.js';
import { fileTexts, msg91Texts } from './outbox.texter.js';
import { textRenderer } from './outbox.texts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every message due now (the timer does it anyway; tests call it to not wait). */
    sendOutbox(): Promise<number>;
  }
}

/**
 * The outbox's sender in this process (ADR 029): every process runs one, and the claims keep them
 * off each other's messages. Without SMTP_URL, messages are written as .eml files under
 * DATA_DIR/mail, so the offline demo shows what would have been sent. A given `mailTransport`
 * replaces both.
 */
export function registerOutbox(app: FastifyInstance, mailTransport?: MailTransport): void {
  const mailDir = path.join(app.config.dataDir, 'mail');
  const transport =
    mailTransport ??
    (app.config.mail.smtpUrl
      ? smtpTransport(app.config.mail.smtpUrl)
      : fileTransport(mailDir, (file) =>
          app.log.info({ file }, 'email written as a file (no SMTP_URL): open it in a mail client'),
        ));
  const { msg91 } = app.config.sms;
  const texts = msg91
    ? msg91Texts(msg91)
    : fileTexts(path.join(app.config.dataDir, 'sms'), (file) =>
        app.log.info({ file }, 'text message written as a file (no SMS_URL)'),
      );
  const sender = new OutboxSender(app.database.db, transport, mailRenderer(app.config.mail.support), app.log, {
    from: app.config.mail.from,
    leaseMs: app.config.mail.leaseMs,
    texts: { transport: texts, render: textRenderer },
  });
  app.decorate('sendOutbox', () => sender.sendDue());

  runPeriodically(app, app.config.mail.pollMs, 'could not send from the outbox', async (closing) => {
    await sender.sendDue(undefined, closing);
  });
  app.addHook('onClose', async () => transport.close());

  // Read from the table at each scrape: every worker reads the same figures, so the largest stands.
  const backlog = sharedReading(() => pendingBacklog(app.database.db));
  app.metrics.reading({
    name: 'store_outbox_pending_messages',
    help: 'Emails written to the outbox and not yet sent (retries waiting included).',
    across: 'max',
    read: async () => (await backlog())?.pending,
  });
  app.metrics.reading({
    name: 'store_outbox_oldest_pending_age_seconds',
    help: 'Seconds since the oldest email still pending in the outbox was written (0 when none is).',
    across: 'max',
    read: async () => (await backlog())?.oldestAgeSeconds,
  });
}
