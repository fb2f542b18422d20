import { OUTBOX_PAGE_SIZE, type OutboxList, type OutboxListQuery, type OutboxMessage } from '@store/contracts';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './outbox.repository.js';
import type { MailRenderer, OutboxRow } from './outbox.service.js';

const SECRET_REMOVED =
  'This email carried a one-time link, removed when it was given up on: it cannot be sent again. ' +
  'The shopper can ask for a new one.';

/** Whether the message had a secret (table `outbox.secret`) that was removed, so it cannot be sent. */
const secretRemoved = (row: OutboxRow) => row.secret !== null && Object.keys(row.secret).length === 0;

/** The admins' view of the outbox (ADR 029): what waits, what went, what was given up on; and 'Retry now'. */
export class OutboxAdmin {
  constructor(
    private readonly db: Db,
    private readonly render: MailRenderer,
  ) {}

  async list({ status, page }: OutboxListQuery): Promise<OutboxList> {
    const [rows, total] = await Promise.all([
      repo.listMessages(this.db, status, { limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE }),
      repo.countMessages(this.db, status),
    ]);
    return {
      messages: rows.map((row) => this.toMessage(row)),
      page,
      pages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)),
      total,
    };
  }

  /** Makes a pending or failed message due at `now`; whoever calls this wakes the sender. */
  async retry(actor: SessionUser, id: string, now: Date): Promise<OutboxMessage> {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.lockMessage(tx, id);
      if (!before) throw notFound('Message not found');
      if (before.status === 'failed' && secretRemoved(before)) throw new AppError('CONFLICT', SECRET_REMOVED);
      const due = await repo.retryNow(tx, id, now);
      if (!due) throw new AppError('CONFLICT', 'This message was already sent');
      const view = (r: OutboxRow) => ({ status: r.status, nextAttemptAt: r.nextAttemptAt });
      await recordAudit(tx, {
        actor,
        action: 'email.retry',
        entityId: id,
        label: `${due.kind} to ${due.recipient}`,
        before: view(before),
        after: view(due),
      });
      return due;
    });
    return this.toMessage(row);
  }

  private toMessage(row: OutboxRow): OutboxMessage {
    return {
      _id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: this.subjectOf(row),
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Rendered as the sender would render it now (rows hold the payload, not the text), but from the
   * payload alone: the secret, a reset link say, is for the recipient only. A message that cannot
   * be rendered is exactly one an admin needs to see, so it is listed without a subject rather
   * than failing the whole page.
   */
  private subjectOf(row: OutboxRow): string | null {
    if (row.channel === 'sms') return `Text message: ${row.kind.replaceAll('_', ' ')}`;
    try {
      return this.render(row.kind, row.payload).subject;
    } catch {
      return null;
    }
  }
}
