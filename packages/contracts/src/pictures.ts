/**
 * The copies every product picture has (ADR 042): a 400 px `-thumb.webp` and an 800 px
 * `-detail.webp` beside the original, named after it. Admin uploads are `<uuid>.<ext>` with
 * `<uuid>-thumb.webp` and `<uuid>-detail.webp`; demo pictures are shipped as both copies only.
 */
export interface PictureCopies {
  /** The 400 px copy. */
  thumb: string;
  /** The 800 px copy. */
  detail: string;
}

const COPY = /^(.+)-(?:thumb|detail)\.webp$/;
const UPLOADED_ORIGINAL = /^(\/uploads\/products\/[0-9a-f-]{36})\.(?:jpg|png|webp|avif)$/;

/** Both copies of the picture at `url` (any of its names), or null for a picture with no copies. */
export function pictureCopies(url: string): PictureCopies | null {
  const base = COPY.exec(url)?.[1] ?? UPLOADED_ORIGINAL.exec(url)?.[1];
  return base ? { thumb: `${base}-thumb.webp`, detail: `${base}-detail.webp` } : null;
}

/** The `srcset` of a product picture: both copies by width, or none when it has no copies. */
export function pictureSrcSet(url: string): string | undefined {
  const copies = pictureCopies(url);
  return copies ? `${copies.thumb} 400w, ${copies.detail} 800w` : undefined;
}

/**
 * How wide the product page's main picture is drawn: the whole width less 16 px sides on a phone;
 * from 769 px, half of what the 256 px sidebar leaves (less the sides and the 32–48 px gap between
 * the columns), at most half of the 1280 px page. The server's preload of the picture must send
 * exactly this, or the browser fetches the picture twice.
 */
export const PRODUCT_MAIN_PICTURE_SIZES =
  '(min-width: 1536px) 600px, (min-width: 769px) calc(50vw - 160px), calc(100vw - 32px)';
