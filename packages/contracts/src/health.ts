import { z } from 'zod';

/**
 * `status` is 'unavailable' (with 503) only when the database does not answer. Rate limits counted
 * in memory because Redis is unreachable still protect the store: 'ok', with the detail to see.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  details: z
    .object({
      database: z.enum(['up', 'down']),
      rateLimits: z.enum(['redis', 'memory', 'memory (Redis unreachable)']),
    })
    .optional(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
