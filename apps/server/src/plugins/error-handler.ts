import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isPoolExhausted } from '../db/client.js';
import { isDatabaseUnableToWrite, isDatabaseUnreachable } from '../db/errors.js';
import { AppError, ERROR_STATUS, type ErrorCode } from '../lib/app-error.js';

/** Seconds a client is asked to wait when the server sheds load. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = 'The store is very busy right now. Please try again in a moment.';
/** A full or failing disk waits for someone to see to it: minutes, not seconds. */
export const UNABLE_TO_WRITE_RETRY_AFTER_SECONDS = 300;
export const UNABLE_TO_WRITE_MESSAGE =
  "This couldn't be saved: our store can't save anything right now. Please try again in a few minutes.";
/** Seconds a client is asked to wait while the database cannot be reached: it is tried every half second. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "This didn't go through: part of our store is briefly unavailable. Please try again in a minute.";

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

function codeFor(status: number): string {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION');
}

/**
 * One place turns every failure into `{message, code, details?}`. Anything the client could have
 * caused is a 4xx with a readable message; only genuine faults are 500, and their text is masked.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          message: error.message,
          code: error.code,
          ...(error.details === undefined ? {} : { details: error.details }),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'is invalid',
      }));
      const message = details
        .map((d) => (d.field && !d.message.startsWith(d.field) ? `${d.field}: ${d.message}` : d.message))
        .join('; ');
      return reply.code(400).send({ message, code: 'VALIDATION', details });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: codeFor(status) });
    }
    if (isPoolExhausted(error)) {
      // Overload is not a fault: say so, and when to come back, instead of a 500.
      req.log.warn('no database connection became free in time');
      return reply
        .code(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ message: BUSY_MESSAGE, code: 'UNAVAILABLE' });
    }
    if (isDatabaseUnreachable(error)) {
      // The database's loss is logged once where it is noticed (db/client.ts); each request's
      // own line says 503.
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    if (isDatabaseUnableToWrite(error)) {
      // The operator has to see to the disk: said at every refusal, at error level.
      req.log.error({ err: error }, 'the database could not write: the request was refused and nothing kept');
      return reply
        .code(503)
        .header('retry-after', String(UNABLE_TO_WRITE_RETRY_AFTER_SECONDS))
        .send({ message: UNABLE_TO_WRITE_MESSAGE, code: 'UNAVAILABLE' });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
