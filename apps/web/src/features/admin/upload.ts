import { apiFetch, ApiError } from '../../lib/api.js';

/** The image types the server accepts (it judges the bytes; this only narrows the file picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

export interface UploadResult {
  message: string;
  /** '/uploads/products/<uuid>.<ext>', what a product's image fields take. */
  image: string;
}

/**
 * `POST /api/upload` with the picture in the multipart field `image`. apiFetch speaks JSON only,
 * so this sends FormData itself (the browser sets the multipart content type and boundary) and
 * maps a refusal to ApiError with the server's message, as apiFetch does: 413 too big, 415 not a
 * JPEG, PNG, WebP or AVIF picture. lib/api.ts keeps its 401 handler to itself, so a 401 here only
 * throws; the form's next call (Update) meets the same 401 and logs out.
 */
export async function apiUpload(file: File, signal?: AbortSignal): Promise<UploadResult> {
  const body = new FormData();
  body.append('image', file);
  const res = await fetch('/api/upload', { method: 'POST', body, credentials: 'include', signal });
  const data = (await res.json().catch(() => ({}))) as Partial<UploadResult> & { code?: unknown };
  if (!res.ok) {
    const message =
      typeof data.message === 'string' && data.message
        ? data.message
        : res.statusText || `Upload failed (${res.status})`;
    throw new ApiError(message, res.status, typeof data.code === 'string' ? data.code : undefined);
  }
  return { message: data.message ?? 'Image uploaded', image: data.image ?? '' };
}

/**
 * `DELETE /api/upload/<name>`: the server removes a picture it made (and its copies). The spec
 * only logs a failure: the picture is already gone from the form either way.
 */
export async function deleteUpload(imageUrl: string): Promise<void> {
  const id = imageUrl.split('/').pop() ?? '';
  if (!id) return;
  try {
    await apiFetch(`/api/upload/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (err) {
    console.warn(`Deleting ${imageUrl} failed`, err);
  }
}
