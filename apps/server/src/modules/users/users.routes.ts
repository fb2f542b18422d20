import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADDRESS_BOOK_LIMIT } from '@store/domain';
import {
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  clientConfigSchema,
  errorResponseSchema,
  forgotPasswordInputSchema,
  googleCallbackSchema,
  loginInputSchema,
  messageResponseSchema,
  PASSWORD_RESET_SENT,
  PASSWORD_RESET_VALID_MINUTES,
  profileUpdateSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  savedAddressIdParamsSchema,
  SIGN_IN_CODE_SENT,
  signInCodeRequestSchema,
  signInCodeVerifySchema,
  savedAddressInputSchema,
  savedAddressSchema,
  userIdParamsSchema,
  userResponseSchema,
} from '@store/contracts';
import { AppError } from '../../lib/app-error.js';
import { limitPerAddress } from '../../plugins/rate-limits.js';
import { adminOnly, signedInUser, type SessionUser } from '../../lib/auth.js';
import { clearSessionCookie, createSession, setSessionCookie } from './users.sessions.js';
import { clientConfigOf } from '../../lib/client-config.js';
import { GoogleVerifier } from './users.google.js';
import { claimGuestOrders } from '../orders/orders.service.js';
import { SignInCodes } from './users.sign-in-codes.js';
import { SignInThrottle, TOO_MANY_SIGN_INS } from './users.sign-in-throttle.js';
import { toAdminUser, toUserResponse, UsersService } from './users.service.js';

const tags = ['Users'];
const adminTags = ['Users (admin)'];
const addressTags = ['Address book'];
const addressErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many attempts at your current password.';
const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests from your network.';
const TOO_MANY_RESET_LINKS = 'Too many reset links have been asked for this email.';
const TOO_MANY_RESET_ATTEMPTS = 'Too many reset links tried from your network.';
const TOO_MANY_CODE_REQUESTS = 'Too many sign-in codes asked for from your network.';
const TOO_MANY_CODES = 'Too many sign-in codes have been asked for this email or mobile number.';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(
    app.database.db,
    { url: app.config.publicUrl, host: new URL(app.config.publicUrl).hostname },
    app.metrics,
  );
  const { rateLimits, googleClientId, googleJwksUrl } = app.config;
  const google = googleClientId ? new GoogleVerifier(googleClientId, googleJwksUrl) : undefined;
  const limitSignInsPerAddress = limitPerAddress(app, 'login-address', rateLimits.loginPerAddress, TOO_MANY_SIGN_INS);
  const signInThrottle = new SignInThrottle(app.rateLimiter, {
    perAccountAddress: rateLimits.loginPerAccountAddress,
    perAccount: rateLimits.loginPerAccount,
    maxDelayMs: app.config.loginMaxDelayMs,
  });

  /** A fresh session at every sign-in, so a token seen before signing in is worth nothing after. */
  const signIn = async (user: SessionUser, reply: FastifyReply) => {
    setSessionCookie(app, reply, await createSession(app.database.db, user.id));
    return toUserResponse(user);
  };

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['Store'],
        summary:
          'Settings the web app reads at start: Google sign-in client id (null when off), payment gateway, demo store',
        response: { 200: clientConfigSchema },
      },
    },
    async () => clientConfigOf(app.config),
  );

  app.get(
    '/api/config/paypal',
    {
      schema: {
        tags: ['Store'],
        summary: "The spec's PayPal client id: always null, the store takes payments through Razorpay only",
        response: { 200: z.object({ clientId: z.null() }) },
      },
    },
    async () => ({ clientId: null }),
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Register',
        body: registerInputSchema,
        response: { 201: userResponseSchema, ...errors },
      },
      preHandler: limitPerAddress(app, 'register', rateLimits.register, 'Too many sign-ups from your network.'),
    },
    async (req, reply) => reply.code(201).send(await signIn(await service.register(req.body), reply)),
  );

  app.post(
    '/api/users/auth',
    {
      schema: { tags, summary: 'Sign in', body: loginInputSchema, response: { 200: userResponseSchema, ...errors } },
      preHandler: limitSignInsPerAddress,
    },
    async (req, reply) => {
      const attempt = await signInThrottle.admit(req.body.email, req.ip);
      let user: SessionUser;
      try {
        user = await service.authenticate(req.body);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'UNAUTHORIZED')) await attempt.notChecked();
        throw err;
      }
      await attempt.succeeded();
      return signIn(user, reply);
    },
  );

  /**
   * Reset links and sign-in codes still being written after their answer went. Closing waits for them, so the
   * database is never closed under one; each failure is logged, as nobody is waiting for it.
   */
  const pendingResetRequests = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    while (pendingResetRequests.size > 0) await Promise.all(pendingResetRequests);
  });

  app.post(
    '/api/users/forgot-password',
    {
      schema: {
        tags,
        summary: 'Ask for a password reset link by email',
        description:
          `Always answers \`{ message: '${PASSWORD_RESET_SENT}' }\`, at once, whether or not an account ` +
          `has that email; an account's owner gets a link that works once, for ${PASSWORD_RESET_VALID_MINUTES} ` +
          'minutes. Limited per address and per email (429 with Retry-After), accounts or not.',
        body: forgotPasswordInputSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
      preHandler: limitPerAddress(
        app,
        'password-reset-address',
        rateLimits.passwordResetPerAddress,
        TOO_MANY_RESET_REQUESTS,
      ),
    },
    async (req) => {
      // Counted by the email as typed, whether or not it has an account: a 429 tells nothing either.
      await app.rateLimiter.consume(
        `password-reset-account:${req.body.email.toLowerCase()}`,
        rateLimits.passwordResetPerAccount,
        TOO_MANY_RESET_LINKS,
      );
      // Not awaited: looking the account up and writing its link would make the answer for a
      // registered email measurably slower than for an unknown one.
      const work: Promise<void> = service
        .requestPasswordReset(req.body.email)
        .catch((err: unknown) => req.log.error({ err }, 'could not write a password reset link'))
        .finally(() => pendingResetRequests.delete(work));
      pendingResetRequests.add(work);
      return { message: PASSWORD_RESET_SENT };
    },
  );

  const codes = new SignInCodes(
    app.database.db,
    { url: app.config.publicUrl, host: new URL(app.config.publicUrl).hostname },
    app.config.sms.offered,
  );

  app.post(
    '/api/users/otp/request',
    {
      schema: {
        tags,
        summary: 'Ask for a one-time sign-in code by email or text message',
        description:
          `Always answers \`{ message: '${SIGN_IN_CODE_SENT}' }\`, at once, whether or not an account has ` +
          'that email or mobile (`{ email }` or `{ phone }`, one of them). An account gets a 6-digit code that ' +
          'works once, for 10 minutes and 5 tries, and replaces the last one sent there. Codes by text go to ' +
          'the mobile kept on exactly one account; a store without an SMS provider in production answers 400 ' +
          'to `{ phone }`. Limited per address and per email or mobile (429 with Retry-After), as reset links are.',
        body: signInCodeRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
      preHandler: limitPerAddress(
        app,
        'sign-in-code-address',
        rateLimits.passwordResetPerAddress,
        TOO_MANY_CODE_REQUESTS,
      ),
    },
    async (req) => {
      codes.checkOffered(req.body);
      // Counted by the email or mobile as given, account or not: a 429 tells nothing either.
      const target = req.body.email?.toLowerCase() ?? req.body.phone;
      await app.rateLimiter.consume(
        `sign-in-code-target:${target}`,
        rateLimits.passwordResetPerAccount,
        TOO_MANY_CODES,
      );
      // Not awaited, as reset links are not: an account's code would otherwise answer later than none.
      const work: Promise<void> = codes
        .request(req.body)
        .catch((err: unknown) => req.log.error({ err }, 'could not write a sign-in code'))
        .finally(() => pendingResetRequests.delete(work));
      pendingResetRequests.add(work);
      return { message: SIGN_IN_CODE_SENT };
    },
  );

  app.post(
    '/api/users/otp/verify',
    {
      schema: {
        tags,
        summary: 'Sign in with a one-time code',
        description:
          'The code sent to `{ email }` or `{ phone }` signs in as password sign-in does (a session cookie and the ' +
          'user). A wrong, used or expired code gets 400 naming the field `code`; every try counts against the code.',
        body: signInCodeVerifySchema,
        response: { 200: userResponseSchema, ...errors },
      },
      preHandler: limitSignInsPerAddress,
    },
    async (req, reply) => {
      const user = await codes.verify(req.body, req.body.code);
      // The code proved the email: orders placed with it as a guest are this account's now.
      if (req.body.email) await claimGuestOrders(app.database.db, user.id, user.email);
      return signIn(user, reply);
    },
  );

  app.post(
    '/api/users/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with an emailed reset link, and sign in',
        description:
          'Sets the password (the same policy as registration), spends every unused link of the account, ' +
          'ends all its sessions and starts a new one (a session cookie, as signing in does). A link that is ' +
          'unknown, used or expired gets 400 naming the field `token`.',
        body: resetPasswordInputSchema,
        response: { 200: userResponseSchema, ...errors },
      },
      preHandler: limitPerAddress(
        app,
        'password-reset-use',
        rateLimits.passwordResetPerAddress,
        TOO_MANY_RESET_ATTEMPTS,
      ),
    },
    async (req, reply) => signIn(await service.resetPassword(req.body), reply),
  );

  app.post(
    '/api/users/auth/callback',
    {
      schema: {
        tags,
        summary: 'Sign in with Google (an ID token from Google Identity Services)',
        body: googleCallbackSchema,
        response: { 200: userResponseSchema, ...errors, 403: errorResponseSchema, 404: errorResponseSchema },
      },
      preHandler: limitSignInsPerAddress,
    },
    async (req, reply) => {
      if (!google) throw new AppError('NOT_FOUND', 'Google sign-in is not configured on this store');
      return signIn(await service.googleSignIn(await google.verify(req.body.credential)), reply);
    },
  );

  app.post(
    '/api/users/logout',
    {
      schema: { tags, summary: 'Sign out (ends the session on the server)', response: { 200: messageResponseSchema } },
    },
    async (req, reply) => {
      if (req.sessionTokenHash) await service.endSession(req.sessionTokenHash);
      clearSessionCookie(app, reply);
      return { message: 'Logged out successfully' };
    },
  );

  app.post(
    '/api/users/logout-everywhere',
    {
      schema: {
        tags,
        summary: 'Sign out on every device',
        description:
          'Ends every session of the signed-in account, this one included, and spends every reset link of the ' +
          'account not used yet.',
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await service.endEverySession(signedInUser(req).id);
      clearSessionCookie(app, reply);
      return { message: 'Signed out on every device' };
    },
  );

  app.get(
    '/api/users/profile',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: userResponseSchema, 401: errorResponseSchema } },
    },
    async (req) => toUserResponse(signedInUser(req)),
  );

  app.put(
    '/api/users/profile',
    {
      schema: {
        tags,
        summary: 'Update name, email or password (a new email or password needs currentPassword)',
        description:
          'A change of email or password needs `currentPassword` (400 when it is missing or wrong; guesses are ' +
          'limited like failed sign-ins). An account that only signs in with Google has no password: it may ' +
          'make those changes within 10 minutes of a Google sign-in, and gets 403 otherwise. Either change ' +
          'spends every reset link of the account not used yet; a new password also ends its other sessions.',
        body: profileUpdateSchema,
        response: { 200: userResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (req) => {
      const user = signedInUser(req);
      const updated = await service.updateProfile(user, req.body, {
        sessionTokenHash: req.sessionTokenHash ?? '',
        // Per account, not per address: a borrowed session guesses from wherever it likes.
        countPasswordAttempt: () =>
          app.rateLimiter.consume(
            `current-password:${user.id}`,
            rateLimits.loginPerAccount,
            TOO_MANY_PASSWORD_ATTEMPTS,
          ),
      });
      return toUserResponse(updated);
    },
  );

  app.get(
    '/api/users/addresses',
    {
      schema: {
        tags: addressTags,
        summary: "The signed-in shopper's saved recipients, newest use first",
        response: { 200: z.array(savedAddressSchema), 401: errorResponseSchema },
      },
    },
    async (req) => service.addresses(signedInUser(req)),
  );

  app.post(
    '/api/users/addresses',
    {
      schema: {
        tags: addressTags,
        summary: 'Save a recipient to the address book',
        description:
          "Checked like an order's shipping address; the PIN code must exist and be in the state named (400 " +
          'naming `postalCode` or `state`). An address the book has already (capitals and spaces aside) is ' +
          `marked used and answered with 200; a new one is 201. At most ${ADDRESS_BOOK_LIMIT} per account (409).`,
        body: savedAddressInputSchema,
        response: { 200: savedAddressSchema, 201: savedAddressSchema, ...addressErrors },
      },
    },
    async (req, reply) => {
      const { address, created } = await service.saveAddress(signedInUser(req), req.body);
      return reply.code(created ? 201 : 200).send(address);
    },
  );

  app.put(
    '/api/users/addresses/:id',
    {
      schema: {
        tags: addressTags,
        summary: 'Change a saved recipient',
        description:
          "The whole address, checked as when it is saved. Another account's address is 404; making it the " +
          'same as another entry of the book is 409.',
        params: savedAddressIdParamsSchema,
        body: savedAddressInputSchema,
        response: { 200: savedAddressSchema, ...addressErrors },
      },
    },
    async (req) => service.updateAddress(signedInUser(req), req.params.id, req.body),
  );

  app.delete(
    '/api/users/addresses/:id',
    {
      schema: {
        tags: addressTags,
        summary: 'Remove a saved recipient',
        params: savedAddressIdParamsSchema,
        response: { 200: messageResponseSchema, ...addressErrors },
      },
    },
    async (req) => {
      await service.removeAddress(signedInUser(req), req.params.id);
      return { message: 'Address removed' };
    },
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: adminTags,
        summary: 'Every account, newest first',
        response: { 200: z.array(adminUserSchema), ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async () => (await service.list()).map(toAdminUser),
  );

  app.get(
    '/api/users/admin',
    {
      schema: {
        tags: adminTags,
        summary: 'One page of the accounts, searched by part of a name or email, filtered by role, sorted',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserPageSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => service.page(req.query),
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'One account',
        params: userIdParamsSchema,
        response: { 200: adminUserSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => toAdminUser(await service.get(req.params.id)),
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags: adminTags,
        summary:
          "Change a customer's name, email or admin flag, or take another admin's rights away (never one's own or the last admin's: 409)",
        description:
          'Send `version` as `GET /api/users/{id}` (or the list) answered it. If the name, email or admin flag ' +
          "changed since, by anyone, the answer is 409 'This user changed since you opened it' with the account " +
          'as it is now in `details.current`, and nothing is written. A new email spends every reset link of the ' +
          'account not used yet.',
        params: userIdParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => {
      if (req.body.userId !== undefined && req.body.userId !== req.params.id) {
        throw new AppError('VALIDATION', 'userId in the body does not match the user in the path');
      }
      return toAdminUser(await service.adminUpdate(signedInUser(req), req.params.id, req.body));
    },
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Delete a customer account (and end its sessions); admin accounts are refused',
        params: userIdParamsSchema,
        response: { 200: messageResponseSchema, ...adminErrors },
      },
      preHandler: adminOnly,
    },
    async (req) => {
      await service.delete(signedInUser(req), req.params.id);
      return { message: 'User removed' };
    },
  );
};
