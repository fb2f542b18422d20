import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeArtImages, type ProductImageFiles } from './artwork.js';
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

async function eachAtMost<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Puts every picture of `products` into `dir`: the shipped copy when there is one, else drawn
 * (a product added to the catalogue before the pictures were drawn again still gets its own).
 * Each is named `<baseName>.<hash>-thumb.webp` and `-detail.webp`, the hash of both copies' bytes,
 * so that browsers may keep them for good (ADR 042); the answer maps each base name to its files.
 */
export async function placeDemoPictures(
  products: readonly DemoProduct[],
  dir: string,
): Promise<Map<string, ProductImageFiles>> {
  await mkdir(dir, { recursive: true });
  const placed = new Map<string, ProductImageFiles>();
  const pictures = products.flatMap(picturesOf);
  await eachAtMost(pictures, availableParallelism(), async ({ spec, baseName, files }) => {
    const names = [files.thumbnail, files.detail];
    let bytes = await Promise.all(names.map((name) => readFile(join(DEMO_PICTURES_DIR, name)).catch(() => null)));
    if (!bytes.every(Boolean)) {
      await writeArtImages(spec, dir, baseName);
      bytes = await Promise.all(names.map((name) => readFile(join(dir, name))));
      await Promise.all(names.map((name) => rm(join(dir, name))));
    }
    const hash = createHash('sha256');
    for (const b of bytes) hash.update(b!);
    const named = hashedFiles(baseName, hash.digest('hex').slice(0, 10));
    await Promise.all([named.thumbnail, named.detail].map((name, i) => writeFile(join(dir, name), bytes[i]!)));
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
