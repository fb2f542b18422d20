import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiFetch,
  errorMessage,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  SERVER_ERROR_MESSAGE,
  UNEXPLAINED_ERROR_MESSAGE,
} from './api.js';

const reply = (status: number, body: string) =>
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, { status })));
const failure = (path = '/api/x') =>
  apiFetch(path).then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch failures', () => {
  it('keeps the message of a refusal the server wrote for shoppers (4xx), with its status, code and details', async () => {
    reply(
      400,
      JSON.stringify({ message: 'Enter a valid PIN code', code: 'VALIDATION', details: [{ field: 'pincode' }] }),
    );
    const err = await failure();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Enter a valid PIN code', status: 400, code: 'VALIDATION' });
    expect((err as ApiError).details).toEqual([{ field: 'pincode' }]);
  });

  it.each([
    [502, '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    [503, 'upstream connect error or disconnect/reset before headers'],
    [500, JSON.stringify({ message: 'relation "orders" does not exist' })],
  ])("reads a %i that is not the store's own answer as a sentence, never its text", async (status, body) => {
    reply(status, body);
    const err = await failure();
    expect(err).toMatchObject({ message: SERVER_ERROR_MESSAGE, status });
    expect(errorMessage(err)).toBe(SERVER_ERROR_MESSAGE);
  });

  it("keeps the sentence of the store's own 5xx answer, worded for people", async () => {
    const message = 'Payments are unavailable right now. Please try again in a moment.';
    reply(503, JSON.stringify({ message, code: 'UNAVAILABLE' }));
    expect(await failure()).toMatchObject({ message, status: 503, code: 'UNAVAILABLE' });
  });

  it("reads a 4xx without a message (a proxy's page) as a sentence, not its status text", async () => {
    reply(404, '<html>Not Found</html>');
    expect(errorMessage(await failure())).toBe(UNEXPLAINED_ERROR_MESSAGE);
  });

  it("turns a dropped connection into a NetworkError with a sentence instead of 'Failed to fetch'", async () => {
    const cause = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', () => Promise.reject(cause));
    const err = await failure();
    expect(err).toBeInstanceOf(NetworkError);
    expect(errorMessage(err)).toBe(NETWORK_ERROR_MESSAGE);
    expect((err as NetworkError).cause).toBe(cause);
  });

  it('lets a cancelled request end as the abort it is', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', () => {
      controller.abort();
      return Promise.reject(abort);
    });
    await expect(apiFetch('/api/x', { signal: controller.signal })).rejects.toBe(abort);
  });
});
