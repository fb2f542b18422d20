import { ApiError } from './api.js';

export interface UploadResult {
  message: string;
  /** '/uploads/products/<uuid>.<ext>': what a product's image fields and a delivery's photo take. */
  image: string;
}

/**
 * `POST /api/upload` with the picture in the multipart field `image`: an admin's product picture
 * or a partner's photo of a delivery. apiFetch speaks JSON only, so this sends FormData itself (the
 * browser sets the multipart content type and boundary) and maps a refusal to ApiError with the
 * server's message, as apiFetch does: 413 too big, 415 not a JPEG, PNG, WebP or AVIF picture.
 * lib/api.ts keeps its 401 handler to itself, so a 401 here only throws; the form's next call
 * meets the same 401 and signs out.
 */
export async function uploadPicture(file: File, signal?: AbortSignal): Promise<UploadResult> {
  const body = new FormData();
  body.append('image', file);
  const res = await fetch('/api/upload', { method: 'POST', body, credentials: 'include', signal });
  const data = (await res.json().catch(() => ({}))) as { image?: unknown; message?: unknown; code?: unknown };
  if (!res.ok || typeof data.image !== 'string') {
    const message =
      typeof data.message === 'string' && data.message
        ? data.message
        : res.statusText || `The picture did not upload (${res.status})`;
    throw new ApiError(message, res.status, typeof data.code === 'string' ? data.code : undefined);
  }
  return { message: typeof data.message === 'string' ? data.message : 'Image uploaded', image: data.image };
}
