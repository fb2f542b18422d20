const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request of this method may change what the store holds. Every other method (GET,
 * HEAD, OPTIONS) only reads: cross-site checks leave it alone, and it takes its turn behind other
 * reads (ADR 057).
 */
export const changesState = (method: string): boolean => STATE_CHANGING.has(method);
