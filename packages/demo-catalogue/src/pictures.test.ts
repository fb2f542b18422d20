import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS } from './artwork.js';
import { DEMO_PRODUCTS } from './catalogue.js';
import { DEMO_PICTURES_DIR, picturesOf, placeDemoPictures, type DemoPicture } from './pictures.js';

/** What the shipped pictures may weigh in the repository, all together. */
const SHIPPED_BUDGET_BYTES = 8 * 1024 * 1024;

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
  it('hands over the shipped ones, draws a picture that was never shipped, and names each by its bytes', async () => {
    const withViews = DEMO_PRODUCTS.find((p) => (p.extraImages ?? 0) > 0)!;
    const unshipped = { ...withViews, slug: 'not-shipped-yet', extraImages: 0, art: { ...withViews.art, seed: 4242 } };
    const given: DemoPicture[] = [];
    const placed = await placeDemoPictures([withViews, unshipped], async (picture) => {
      given.push(picture);
    });

    const pictures = [withViews, unshipped].flatMap(picturesOf);
    const files = pictures.map(({ baseName }) => placed.get(baseName)!);
    expect(given.map((g) => g.files.detail).sort()).toEqual(files.map((f) => f.detail).sort());
    for (const [i, { baseName }] of pictures.entries()) {
      expect(files[i]!.detail).toMatch(new RegExp(`^${baseName}\\.[0-9a-f]{10}-detail\\.webp$`));
      expect(files[i]!.thumbnail).toBe(files[i]!.detail.replace('-detail', '-thumb'));
    }
    const first = given.find((g) => g.files.detail === files[0]!.detail)!;
    const original = await readFile(join(DEMO_PICTURES_DIR, pictures[0]!.files.detail));
    expect(first.bytes.detail.equals(original)).toBe(true);
    const drawn = given.find((g) => g.files.detail === placed.get('not-shipped-yet')!.detail)!;
    const meta = await sharp(drawn.bytes.detail).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', PICTURE_WIDTHS.detail]);
    expect((await sharp(drawn.bytes.thumbnail).metadata()).width).toBe(PICTURE_WIDTHS.thumbnail);
  });
});
