import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { hashPassword } from '../modules/users/users.passwords.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.js';
import { prepareDatabase } from './prepare.js';
import { users } from './schema.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  RAZORPAY_KEY_ID: 'rzp_live_N8fX2kQ9pLm3Zt',
  RAZORPAY_KEY_SECRET: 'Hq7Yw2RzVb9Kx4Lm8Ns1Pt6D',
  RAZORPAY_WEBHOOK_SECRET: 'whsec_7f3c9a1e5b2d8c4f',
  STORE_GSTIN: '29ABCDE1234F1ZW',
  SMTP_URL: 'smtp://mailer:s3cret@127.0.0.1:2525',
  MAIL_FROM: 'Kochi Blooms <help@kochiblooms.test>',
  STORE_SUPPORT_PHONE: '+91 484 000 1234',
};

// The test database is a copy of the seeded demo store: the demo accounts have their README passwords.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const prepare = (env: Record<string, string>) => prepareDatabase(t.database, loadConfig(env), t.app.log);

describe(`a demo-seeded database put into production on ${testDatabaseKind}`, () => {
  it('is refused while a demo account opens with its published password', async () => {
    await expect(prepare({ LOG_LEVEL: 'silent' })).resolves.toEqual({ bulkLoaded: false });
    await expect(prepare({ ...PRODUCTION, ALLOW_DEMO: 'true' })).resolves.toEqual({ bulkLoaded: false });

    await expect(prepare(PRODUCTION)).rejects.toThrow(
      'Refusing to start in production: these demo accounts still have the password the README publishes: ' +
        'admin@example.com, customer@example.com.',
    );

    const changePassword = async (email: string) =>
      t.database.db
        .update(users)
        .set({ passwordHash: await hashPassword('a-password-nobody-published') })
        .where(eq(users.email, email));
    await changePassword('admin@example.com');
    await expect(prepare(PRODUCTION)).rejects.toThrow(/publishes: customer@example\.com\. Start once with ALLOW_DEMO/);
    await changePassword('customer@example.com');
    await expect(prepare(PRODUCTION)).resolves.toEqual({ bulkLoaded: false });
  });
});
