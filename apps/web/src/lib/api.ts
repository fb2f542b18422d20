/**
 * The one HTTP client of the web app: JSON in and out, cookies included, errors carrying the
 * server's `message` so toasts and alerts can show it (spec section 8).
 */
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

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    signal,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    if (res.status === 401) onUnauthorized?.();
    const body = (typeof data === 'object' && data !== null ? data : {}) as {
      message?: unknown;
      code?: unknown;
      details?: unknown;
    };
    const message =
      typeof body.message === 'string' && body.message
        ? body.message
        : res.statusText || `Request failed (${res.status})`;
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
