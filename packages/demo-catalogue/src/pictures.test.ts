import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS } from './artwork.js';
import { DEMO_PRODUCTS } from './catalogue.js';
import { DEMO_PICTURES_DIR, picturesOf, placeDemoPictures } from './pictures.js';

/** What the shipped pictures may weigh in the repository, all together. */
const SHIPPED_BUDGET_BYTES = 8 * 1024 * 1024;

const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the shipped demo pictures', () => {
  const wanted = DEMO_PRODUCTS.flatMap(picturesOf).flatMap(({ files }) => [
    { name: files.thumbnail, width: PICTURE_WIDTHS.thumbnail },
    { name: files.detail, width: PICTURE_WIDTHS.detail },
  ]);

  it('are every picture of the catalogue, each a WebP of the width the layouts ask for, and nothing else', async () => {
    const shipped = await readdir(DEMO_PICTURES_DIR);
    expect(shipped.sort()).toEqual(wanted.map((w) => w.name).sort());
    for (const { name, width } of wanted) {
      const meta = await sharp(join(DEMO_PICTURES_DIR, name)).metadata();
      expect([name, meta.format, meta.width, meta.height]).toEqual([name, 'webp', width, width]);
    }
  });

  it('stay within their budget', async () => {
    const sizes = await Promise.all(wanted.map(({ name }) => stat(join(DEMO_PICTURES_DIR, name))));
    const total = sizes.reduce((sum, s) => sum + s.size, 0);
    expect(total).toBeLessThanOrEqual(SHIPPED_BUDGET_BYTES);
  });
});

describe('placing the demo pictures', () => {
  it('copies the shipped ones and draws a picture that was never shipped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'demo-pictures-'));
    scratch.push(dir);
    const withViews = DEMO_PRODUCTS.find((p) => (p.extraImages ?? 0) > 0)!;
    const unshipped = { ...withViews, slug: 'not-shipped-yet', extraImages: 0, art: { ...withViews.art, seed: 4242 } };
    const placed = await placeDemoPictures([withViews, unshipped], dir);

    const pictures = [withViews, unshipped].flatMap(picturesOf);
    const files = pictures.map(({ baseName }) => placed.get(baseName)!);
    expect((await readdir(dir)).sort()).toEqual(files.flatMap((f) => [f.thumbnail, f.detail]).sort());
    for (const [i, { baseName }] of pictures.entries()) {
      expect(files[i]!.detail).toMatch(new RegExp(`^${baseName}\\.[0-9a-f]{10}-detail\\.webp$`));
      expect(files[i]!.thumbnail).toBe(files[i]!.detail.replace('-detail', '-thumb'));
    }
    const copy = await readFile(join(dir, files[0]!.detail));
    const original = await readFile(join(DEMO_PICTURES_DIR, pictures[0]!.files.detail));
    expect(copy.equals(original)).toBe(true);
    const drawn = await sharp(join(dir, placed.get('not-shipped-yet')!.detail)).metadata();
    expect([drawn.format, drawn.width]).toEqual(['webp', PICTURE_WIDTHS.detail]);
  });
});
