import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CODE_BY_SMS_OFF, SIGN_IN_CODE_WRONG, type SignInCodeRequest } from '@store/contracts';
import { SIGN_IN_CODE_DIGITS, SIGN_IN_CODE_VALID_MINUTES } from '@store/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { enqueue, type MailSite } from '../outbox/outbox.service.js';
import * as repo from './users.repository.js';
import type { UserRow } from './users.repository.js';

/** Salted by the code's own random id, so equal codes never share a hash. */
const hashOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest();

/** Where a code goes and signs in by: the email in lower case, or the mobile as +91 and ten digits. */
const sentToOf = (target: SignInCodeRequest) => target.email?.toLowerCase() ?? target.phone!;

const wrongCode = () =>
  new AppError('VALIDATION', SIGN_IN_CODE_WRONG, [{ field: 'code', message: SIGN_IN_CODE_WRONG }]);

/**
 * Sign-in by a one-time code sent to an account's email or to the mobile kept on it (issue 35). A
 * code is written with its message in one transaction, under the account's lock (as reset links
 * are, ADR 064), and only its hash is kept.
 */
export class SignInCodes {
  constructor(
    private readonly db: Db,
    private readonly store: MailSite,
    private readonly textsOffered: boolean,
  ) {}

  /** Refuses a code by text where the store sends none; said before anything is looked up. */
  checkOffered(target: SignInCodeRequest): void {
    if (target.phone !== undefined && !this.textsOffered) {
      throw new AppError('VALIDATION', SIGN_IN_CODE_BY_SMS_OFF, [{ field: 'phone', message: SIGN_IN_CODE_BY_SMS_OFF }]);
    }
  }

  /** Sends a new code to the account at `target`, replacing the last one; nothing when there is none. */
  async request(target: SignInCodeRequest): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = target.email
        ? await repo.lockUserByEmail(tx, target.email)
        : await repo.lockUserByPhone(tx, target.phone!);
      if (!user) return;
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** SIGN_IN_CODE_DIGITS)).padStart(SIGN_IN_CODE_DIGITS, '0');
      const expiresAt = new Date(Date.now() + SIGN_IN_CODE_VALID_MINUTES * 60_000);
      const sentTo = sentToOf(target);
      await repo.replaceSignInCode(tx, {
        id,
        userId: user.id,
        sentTo,
        codeHash: hashOf(id, code).toString('hex'),
        expiresAt,
      });
      // The code is the message's secret: the outbox keeps it only until it is sent.
      await enqueue(
        tx,
        {
          kind: 'sign_in_code',
          channel: target.email ? 'email' : 'sms',
          recipient: target.email ? user.email : sentTo,
          payload: { name: user.name, validFor: `${SIGN_IN_CODE_VALID_MINUTES} minutes` },
          secret: { code },
        },
        this.store.host,
      );
    });
  }

  /**
   * The account a right code signs in to. Each call uses up a try of every live code sent there
   * before comparing, and a right code is spent by the delete that finds it, so of two uses at once
   * exactly one signs in. A code sent to an email or mobile the account has since changed signs in
   * nobody.
   */
  async verify(target: SignInCodeRequest, code: string): Promise<UserRow> {
    const sentTo = sentToOf(target);
    const live = await repo.trySignInCodes(this.db, sentTo, new Date());
    const right = live.find((row) => timingSafeEqual(hashOf(row.id, code), Buffer.from(row.codeHash, 'hex')));
    if (!right || !(await repo.spendSignInCode(this.db, right.id))) throw wrongCode();
    const user = await repo.findUserById(this.db, right.userId);
    const stillThere = target.email ? user?.email.toLowerCase() === sentTo : user?.phone === sentTo;
    if (!user || !stillThere) throw wrongCode();
    return user;
  }
}
