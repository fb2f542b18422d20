import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawArtImages, writeArtImages, type ProductImageFiles } from './artwork.js';
import type { ArtSpec, DemoProduct } from './demo-types.js';

/**
 * The demo pictures, drawn once and shipped with the project (`npm run pictures -w
 * packages/demo-catalogue` draws them again after the catalogue's art changes). Drawing all of them
 * costs about half a minute of both cores, which a first start would otherwise spend before the
 * store answers (issue 17); copying them takes milliseconds.
 */
export const DEMO_PICTURES_DIR = fileURLToPath(new URL('../pictures', import.meta.url));

/** Each picture of a product: its main one, then its extra views, with the files they make. */
export function picturesOf(p: DemoProduct): { spec: ArtSpec; baseName: string; files: ProductImageFiles }[] {
  const views = [{ spec: p.art, baseName: p.slug }];
  for (let i = 1; i <= (p.extraImages ?? 0); i++) {
    views.push({ spec: { ...p.art, seed: p.art.seed * 31 + i }, baseName: `${p.slug}-${i + 1}` });
  }
  return views.map(({ spec, baseName }) => ({
    spec,
    baseName,
    files: { thumbnail: `${baseName}-thumb.webp`, detail: `${baseName}-detail.webp` },
  }));
}

/**
 * Runs `fn` over `items`, `limit` at a time. After a failure no item is started, and the failure
 * is reported once every running one has finished: nothing is still writing when the caller hears.
 */
async function eachAtMost<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      await fn(items[next++]!).catch((err: unknown) => {
        failed = true;
        throw err;
      });
    }
  };
  const done = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = done.find((d) => d.status === 'rejected');
  if (failure) throw failure.reason;
}

/** One demo picture's two copies, named by their content, with their bytes. */
export interface DemoPicture {
  files: ProductImageFiles;
  bytes: { thumbnail: Buffer; detail: Buffer };
}

/** Pictures handed to `place` at once: a picture store across a network answers each in its own time. */
const PLACING_AT_ONCE = 8;

/**
 * Hands every picture of `products` to `place`, a few at a time: the shipped copy when there is
 * one, else drawn (a product added to the catalogue before the pictures were drawn again still
 * gets its own). Each is named `<baseName>.<hash>-thumb.webp` and `-detail.webp`, the hash of both
 * copies' bytes, so that browsers may keep them for good (ADR 042) and a store that already holds
 * a name holds those bytes; the answer maps each base name to its files.
 */
export async function placeDemoPictures(
  products: readonly DemoProduct[],
  place: (picture: DemoPicture) => Promise<void>,
): Promise<Map<string, ProductImageFiles>> {
  const placed = new Map<string, ProductImageFiles>();
  const pictures = products.flatMap(picturesOf);
  await eachAtMost(pictures, PLACING_AT_ONCE, async ({ spec, baseName, files }) => {
    const shipped = await Promise.all(
      [files.thumbnail, files.detail].map((name) => readFile(join(DEMO_PICTURES_DIR, name)).catch(() => null)),
    );
    const [thumbnail, detail] = shipped;
    const bytes = thumbnail && detail ? { thumbnail, detail } : await drawArtImages(spec);
    const hash = createHash('sha256').update(bytes.thumbnail).update(bytes.detail);
    const named = hashedFiles(baseName, hash.digest('hex').slice(0, 10));
    await place({ files: named, bytes });
    placed.set(baseName, named);
  });
  return placed;
}

const hashedFiles = (baseName: string, hash: string): ProductImageFiles => ({
  thumbnail: `${baseName}.${hash}-thumb.webp`,
  detail: `${baseName}.${hash}-detail.webp`,
});

/** Draws every picture of `products` into `dir`, both cores busy, skipping files already there. */
export async function drawDemoPictures(products: readonly DemoProduct[], dir: string): Promise<void> {
  const pictures = products.flatMap(picturesOf);
  await eachAtMost(pictures, availableParallelism(), async ({ spec, baseName }) => {
    await writeArtImages(spec, dir, baseName);
  });
}
