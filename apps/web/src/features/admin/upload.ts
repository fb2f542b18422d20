import { apiFetch } from '../../lib/api.js';

/** The image types the server accepts (it judges the bytes; this only narrows the file picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

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
