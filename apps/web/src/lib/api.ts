/**
 * The one HTTP client of the web app: JSON in and out, cookies included, errors carrying the
 * server's `message` so toasts and alerts can show it (spec section 8). The store's own error
 * answers are written for people (its error handler words every fault it did not foresee as a
 * sentence); anything else, a dropped connection ('Failed to fetch') or a 5xx that is not the
 * store's answer (a proxy's page, a status text), reads as one of the plain sentences below.
 */
export const NETWORK_ERROR_MESSAGE = 'The store could not be reached. Check your internet connection and try again.';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
/** A 4xx whose body names no reason (a proxy's HTML page, say). */
export const UNEXPLAINED_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The server's `details`, such as the fields a 400 is about. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer: offline, DNS, a reset connection. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(NETWORK_ERROR_MESSAGE, { cause });
    this.name = 'NetworkError';
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** Any 401 from any call logs the shopper out (spec section 4); the accounts feature sets this. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A GET of the store's API: `apiFetch` in the browser, the services themselves on the server. */
export type ApiGet = <T>(path: string, options?: { signal?: AbortSignal }) => Promise<T>;

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      signal,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await res.text();
  } catch (err) {
    // A cancelled request is no failure: TanStack Query tells it apart by its AbortError.
    if (signal?.aborted) throw err;
    throw new NetworkError(err);
  }
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    if (res.status === 401) onUnauthorized?.();
    const body = (typeof data === 'object' && data !== null ? data : {}) as {
      message?: unknown;
      code?: unknown;
      details?: unknown;
    };
    const worded = typeof body.message === 'string' && body.message !== '';
    // A fault answers in the store's envelope ({ message, code }) or came from somewhere else.
    const fromStore = worded && (res.status < 500 || typeof body.code === 'string');
    const message = fromStore
      ? (body.message as string)
      : res.status >= 500
        ? SERVER_ERROR_MESSAGE
        : UNEXPLAINED_ERROR_MESSAGE;
    throw new ApiError(message, res.status, typeof body.code === 'string' ? body.code : undefined, body.details);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Turns any thrown value into the text a toast or alert shows. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
