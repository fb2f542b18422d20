import { ApiError } from './api.js';

/**
 * `POST /api/upload` with the picture in the multipart field `image`; the stored picture's path
 * ('/uploads/…'). apiFetch speaks JSON only, so this sends FormData itself (the browser sets the
 * multipart content type and boundary) and words a refusal as apiFetch does, with the server's
 * message: 413 too big, 415 not a JPEG, PNG, WebP or AVIF picture.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const res = await fetch('/api/upload', { method: 'POST', body, credentials: 'include', signal });
  const data = (await res.json().catch(() => ({}))) as { image?: unknown; message?: unknown; code?: unknown };
  if (!res.ok || typeof data.image !== 'string') {
    const message =
      typeof data.message === 'string' && data.message ? data.message : `The photo did not upload (${res.status})`;
    throw new ApiError(message, res.status, typeof data.code === 'string' ? data.code : undefined);
  }
  return data.image;
}
