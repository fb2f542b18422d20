import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

/** A message ready to go: its text, its addresses and the Message-ID every attempt reuses. */
export interface Mail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  /** Resolves once the message is accepted (by the SMTP server, or written); rejects otherwise. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * nodemailer, made when the first message goes: a store that sends nothing (most of the time) does
 * not hold it in memory (ADR 044).
 */
function lazyTransport(make: (mailer: typeof nodemailer) => Transporter) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then((m) => make(m.default))),
    close: () => void made?.then((t) => t.close()),
  };
}

/** Through an SMTP server: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function smtpTransport(url: string): MailTransport {
  const transport = lazyTransport((mailer) => mailer.createTransport(url));
  return {
    async send(mail) {
      await (await transport.get()).sendMail(mail);
    },
    close: transport.close,
  };
}

/**
 * Without an SMTP server (the offline demo): each message is written as an `.eml` file, the raw
 * message a mail client opens, and its path is reported, so the demo is complete without a network.
 */
export function fileTransport(dir: string, written: (file: string) => void): MailTransport {
  const transport = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail(mail);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      written(file);
    },
    close: transport.close,
  };
}
