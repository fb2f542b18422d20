import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  VITALS_MAX_BYTES,
  vitalsReportSchema,
  vitalsSummaryQuerySchema,
  vitalsSummarySchema,
} from '@store/contracts';
import { AppError } from '../../lib/app-error.js';
import { adminOnly } from '../../lib/auth.js';
import { clientAddressKey } from '../../lib/client-address.js';
import { VitalsService } from './vitals.service.js';

const tags = ['Web vitals'];

/** What a body this scope cannot take turns into, worded for whoever reads the browser's network log. */
const REFUSALS: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new AppError('PAYLOAD_TOO_LARGE', `A web-vitals report must be at most ${VITALS_MAX_BYTES} bytes`),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the report as JSON (application/json or text/plain)'),
};

/**
 * The storefront's field Core Web Vitals (ADR 043). This plugin's scope, and only it, also reads
 * text/plain bodies as JSON: that is what navigator.sendBeacon sends a string as, and a beacon
 * cannot set its own type without a CORS preflight. The rest of the API stays JSON only.
 */
export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const vitals = new VitalsService(app.database.db, app.clock, {
    limiter: app.rateLimiter,
    perMinute: app.config.rateLimits.vitals,
    perDay: app.config.vitals.perAddressPerDay,
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: VITALS_MAX_BYTES },
    (_req, body, done) => {
      if (body === '') return done(new AppError('VALIDATION', 'The report is empty'), undefined);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('VALIDATION', 'The report is not valid JSON'), undefined);
      }
    },
  );
  app.setErrorHandler((error: FastifyError, _req, _reply) => {
    throw REFUSALS[error.code]?.() ?? error;
  });

  app.post(
    '/api/vitals',
    {
      schema: {
        tags,
        summary: "Report one page view's Core Web Vitals",
        description:
          `A JSON body (application/json, or text/plain as navigator.sendBeacon sends it) of at most ${VITALS_MAX_BYTES} bytes ` +
          "(413 past it): the page view's id, the page type and up to one sample of each metric; a metric the page " +
          'view already reported is ignored, and a value past what a browser can report counts as that bound. ' +
          'Malformed reports get 400, other content types 415. Reports from one address past RATE_LIMIT_VITALS ' +
          '(a minute) or RATE_LIMIT_VITALS_DAY (an IST day) are dropped unread, answered 204 all the same.',
        consumes: ['application/json', 'text/plain'],
        body: vitalsReportSchema,
        response: {
          204: z.null().describe('Recorded, or dropped past the limits'),
          400: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
      bodyLimit: VITALS_MAX_BYTES,
      // Counted before the body is read, so a flood of reports costs no parsing. A beacon reads no
      // answer and cannot wait to retry, so one past the limits is dropped rather than refused.
      onRequest: async (req, reply) => {
        if (!(await vitals.admits(clientAddressKey(req.ip)))) return reply.code(204).send(null);
      },
    },
    async (req, reply) => {
      await vitals.record(req.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/vitals/summary',
    {
      schema: {
        tags,
        summary: 'p75 of each Core Web Vital per page type over the last days (admin)',
        description:
          "Over the last `days` IST days, today included; rated by Google's thresholds. Whole days are read from " +
          'per-day histograms (p75 within 10 ms, 4 ms for INP, 0.001 for CLS), kept 30 days.',
        querystring: vitalsSummaryQuerySchema,
        response: {
          200: vitalsSummarySchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      preHandler: adminOnly,
    },
    async (req) => vitals.summary(req.query.days),
  );
};
