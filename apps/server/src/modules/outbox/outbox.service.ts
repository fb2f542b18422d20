import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import * as repo from './outbox.repository.js';
import type { OutboxRow } from './outbox.repository.js';
import type { MailTransport } from './outbox.mailer.js';
import type { OutboxChannel } from './outbox.table.js';
import type { TextTransport } from './outbox.texter.js';
import type { TextRenderer } from './outbox.texts.js';

export type { OutboxRow };

/** What a template makes of a message's payload. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
export type MailRenderer = (kind: string, payload: Record<string, unknown>) => RenderedMail;

export interface OutboxMessage {
  kind: string;
  /** Email unless said: a text message goes to a mobile (+91 and ten digits). */
  channel?: OutboxChannel;
  recipient: string;
  payload: Record<string, unknown>;
  /**
   * Template values that must not outlive the sending, such as a link that signs its holder in:
   * kept only while the message waits to be sent (see the table's `secret`).
   */
  secret?: Record<string, unknown>;
}

/** Where the store is, for links in its emails and the host part of their Message-IDs. */
export interface MailSite {
  url: string;
  host: string;
}

export const mailSiteOf = (publicUrl: string): MailSite => ({ url: publicUrl, host: new URL(publicUrl).hostname });

/**
 * Writes a message to send in the caller's transaction: it exists exactly when the event that
 * causes it commits. `host` names the store in the Message-ID. A statement: awaited, or added to
 * the transaction's pipeline.
 */
export function enqueue(tx: Db | Tx, message: OutboxMessage, host: string) {
  return repo.insertMessage(tx, { ...message, messageId: `<${randomUUID()}@${host}>` });
}

/** The outbox's backlog: messages pending, and the oldest one's wait in seconds. */
export const pendingBacklog = (db: Db) => repo.pendingBacklog(db);

export interface SenderOptions {
  from: string;
  /** Messages claimed at a time. */
  batch?: number;
  /** How long a claim keeps other senders off a message; longer than any one send takes. */
  leaseMs?: number;
  /** First retry after this; each further one waits twice as long, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Past this since the message was written, a failure is final: 'failed', for an admin to retry. */
  giveUpAfterMs?: number;
  /** Where text messages go and their words; a text without them fails as an undeliverable email would. */
  texts?: { transport: TextTransport; render: TextRenderer };
}

const MINUTE = 60_000;

/**
 * Sends what the outbox holds, from any number of processes at once: each claims due messages with
 * a lease (SKIP LOCKED), so in normal running no two send the same one; a process killed between
 * sending and marking leaves its lease to run out, and the message is sent again with the same
 * Message-ID (at least once, never lost). Failures are retried with exponential backoff, the last
 * error recorded, until a day has passed.
 */
export class OutboxSender {
  private readonly batch: number;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly giveUpAfterMs: number;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly render: MailRenderer,
    private readonly log: FastifyBaseLogger,
    private readonly options: SenderOptions,
  ) {
    this.batch = options.batch ?? 20;
    this.leaseMs = options.leaseMs ?? 2 * MINUTE;
    this.backoffMs = options.backoffMs ?? 30_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60 * MINUTE;
    this.giveUpAfterMs = options.giveUpAfterMs ?? 24 * 60 * MINUTE;
  }

  /**
   * Sends every message due now, batch by batch; returns how many were sent. Once `closing` is
   * aborted it finishes the message in hand and gives back the rest of its claim, so a server
   * stopping for a deploy neither leaves them waiting out the lease nor sends any without
   * recording it.
   */
  async sendDue(now = () => new Date(), closing?: AbortSignal): Promise<number> {
    let sent = 0;
    for (;;) {
      if (closing?.aborted) return sent;
      const claimed = await repo.claimDue(this.db, this.batch, this.leaseMs, now());
      for (const [i, message] of claimed.entries()) {
        if (closing?.aborted) {
          await repo.releaseClaims(
            this.db,
            claimed.slice(i).map((m) => m.id),
            now(),
          );
          return sent;
        }
        if (await this.sendOne(message, now)) sent += 1;
      }
      if (claimed.length < this.batch) return sent;
    }
  }

  private async sendOne(message: OutboxRow, now: () => Date): Promise<boolean> {
    try {
      const values = { ...message.payload, ...message.secret };
      if (message.channel === 'sms') {
        const { texts } = this.options;
        if (!texts) throw new Error('This store sends no text messages');
        const text = texts.render(message.kind, values);
        await texts.transport.send({ ...text, id: message.id, kind: message.kind, to: message.recipient });
      } else {
        const mail = this.render(message.kind, values);
        await this.transport.send({
          ...mail,
          messageId: message.messageId,
          from: this.options.from,
          to: message.recipient,
        });
      }
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const at = now();
      const wait = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (message.attempts - 1));
      const retryAt = new Date(at.getTime() + wait);
      const giveUp = retryAt.getTime() - message.createdAt.getTime() > this.giveUpAfterMs;
      await repo.markAttemptFailed(this.db, message.id, error.slice(0, 1000), giveUp ? null : retryAt);
      this.log.warn(
        { id: message.id, kind: message.kind, attempts: message.attempts, err },
        'could not send a message',
      );
      return false;
    }
    await repo.markSent(this.db, message.id, now());
    return true;
  }
}
