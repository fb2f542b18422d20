import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  loginInputSchema,
  messageResponseSchema,
  profileUpdateSchema,
  registerInputSchema,
  userResponseSchema,
} from '@store/contracts';
import { AppError } from '../../lib/app-error.js';
import { clearSessionCookie, createSession, setSessionCookie, type SessionUser } from '../../plugins/sessions.js';
import { toUserResponse, UsersService } from './users.service.js';

const tags = ['Users'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(app.database.db);

  /** A fresh session at every sign-in, so a token seen before signing in is worth nothing after. */
  const signIn = async (user: SessionUser, reply: Parameters<typeof setSessionCookie>[1]) => {
    setSessionCookie(app, reply, await createSession(app.database.db, user.id));
    return toUserResponse(user);
  };

  const signedIn = (user: SessionUser | null): SessionUser => {
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in');
    return user;
  };

  app.post(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Register',
        body: registerInputSchema,
        response: { 201: userResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await signIn(await service.register(req.body), reply)),
  );

  app.post(
    '/api/users/auth',
    {
      schema: { tags, summary: 'Sign in', body: loginInputSchema, response: { 200: userResponseSchema, ...errors } },
    },
    async (req, reply) => signIn(await service.authenticate(req.body), reply),
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

  app.get(
    '/api/users/profile',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: userResponseSchema, 401: errorResponseSchema } },
    },
    async (req) => toUserResponse(signedIn(req.user)),
  );

  app.put(
    '/api/users/profile',
    {
      schema: {
        tags,
        summary: 'Update name, email or password',
        body: profileUpdateSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (req) =>
      toUserResponse(await service.updateProfile(signedIn(req.user), req.body, req.sessionTokenHash ?? '')),
  );
};
