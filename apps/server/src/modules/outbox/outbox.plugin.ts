import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileTransport, smtpTransport } from './outbox.mailer.js';
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
 * DATA_DIR/mail, so the offline demo shows what would have been sent.
 */
export function registerOutbox(app: FastifyInstance): void {
  const mailDir = path.join(app.config.dataDir, 'mail');
  const transport = app.config.mail.smtpUrl
    ? smtpTransport(app.config.mail.smtpUrl)
    : fileTransport(mailDir, (file) =>
        app.log.info({ file }, 'email written as a file (no SMTP_URL): open it in a mail client'),
      );
  const sender = new OutboxSender(app.database.db, transport, renderMail, app.log, { from: app.config.mail.from });
  app.decorate('sendOutbox', () => sender.sendDue());

  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await sender.sendDue();
    } catch (err) {
      app.log.error({ err }, 'could not send from the outbox');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), app.config.mail.pollMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    transport.close();
  });
}
