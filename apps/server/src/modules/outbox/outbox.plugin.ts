import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic.js';
import { fileTransport, smtpTransport, type MailTransport } from './outbox.mailer.js';
import { OutboxSender } from './outbox.service.js';
import { renderMail } from './outbox.templates.js';

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
  const sender = new OutboxSender(app.database.db, transport, renderMail, app.log, {
    from: app.config.mail.from,
    leaseMs: app.config.mail.leaseMs,
  });
  app.decorate('sendOutbox', () => sender.sendDue());

  runPeriodically(app, app.config.mail.pollMs, 'could not send from the outbox', async () => {
    await sender.sendDue();
  });
  app.addHook('onClose', async () => transport.close());
}
