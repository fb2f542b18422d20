import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const TEST_PASSWORD = 'gulmohar in bloom';

export const uniqueEmail = () => `shopper.${randomBytes(4).toString('hex')}@example.in`;

/** The `session=…` pair of a response's Set-Cookie, ready to send back as a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith('session='));
  if (!header) throw new Error('no session cookie set');
  return header.split(';')[0]!;
}

/** Registers a new customer through the API; returns their id and a signed-in cookie. */
export async function registerCustomer(app: FastifyInstance, email = uniqueEmail()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Meera Pillai', email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  return { id: res.json()._id as string, email, cookie: sessionCookie(res.headers['set-cookie']) };
}

/** Signs in as the seeded demo admin (the test template carries the demo data). */
export async function signInAsAdmin(app: FastifyInstance) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/auth',
    payload: { email: 'admin@example.com', password: 'admin-demo-pass' },
  });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.body}`);
  return { id: res.json()._id as string, cookie: sessionCookie(res.headers['set-cookie']) };
}
