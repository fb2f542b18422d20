import { AppError } from '../../lib/app-error.js';

/** sharp (libvips) holds about 30 MB once loaded: it is loaded with the first upload (ADR 044). */
const loadSharp = () => import('sharp').then((m) => m.default);

/** Formats judged from the bytes, never from a file name or a declared type. */
const ACCEPTED = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' } as const;
type Accepted = keyof typeof ACCEPTED;

export const UNSUPPORTED = 'Only JPEG, PNG, WebP and AVIF pictures can be uploaded';

/** A decompression bomb stops here: 40 megapixels is far above any product photo. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  extension: string;
  contentType: string;
  original: Buffer;
  thumbnail: Buffer;
  detail: Buffer;
}

async function detect(input: Buffer): Promise<Accepted> {
  const sharp = await loadSharp();
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
  }
  // libvips reports AVIF as HEIF with the AV1 codec; other HEIF (HEIC) is not accepted.
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'avif') return format;
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
}

/**
 * Re-encodes an upload: turned upright, metadata (GPS, camera) stripped, at most 2000 px, in its
 * own format; plus the 400 px thumbnail and 800 px detail WebP copies the storefront shows.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const format = await detect(input);
  const sharp = await loadSharp();
  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  try {
    const [original, thumbnail, detail] = await Promise.all([
      source()
        .resize(2000, 2000, { fit: 'inside', withoutEnlargement: true })
        .toFormat(format, format === 'jpeg' ? { quality: 85, mozjpeg: true } : { quality: 85 })
        .toBuffer(),
      source().resize(400, 400, { fit: 'cover' }).webp({ quality: 72 }).toBuffer(),
      source().resize(800, 800, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    ]);
    return {
      extension: ACCEPTED[format],
      contentType: `image/${format}`,
      original,
      thumbnail,
      detail,
    };
  } catch {
    // Headers that looked like a picture over a body that is not one.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The picture could not be read; it may be damaged');
  }
}
