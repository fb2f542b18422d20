import { describe, expect, it } from 'vitest';
import {
  ARRANGEMENT_STYLES,
  CATEGORY_SUBCATEGORIES,
  COLOR_PALETTES,
  FRAGRANCES,
  MATERIALS,
  OCCASIONS,
  RECIPIENTS,
  VENDORS,
} from '@store/domain';
import { renderArtSvg } from './artwork.js';
import { DEMO_PRODUCTS } from './catalogue.js';
import type { ArtKind } from './demo-types.js';

const shoppable = DEMO_PRODUCTS.filter((p) => p.name !== 'Sample Product');
const countWhere = (pred: (p: (typeof DEMO_PRODUCTS)[number]) => boolean) => DEMO_PRODUCTS.filter(pred).length;

describe('demo catalogue', () => {
  it('has at least 80 products and exactly one Sample Product', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(80);
    expect(countWhere((p) => p.name === 'Sample Product')).toBe(1);
  });

  it('covers every subcategory of every category, with catalogue values only', () => {
    for (const [category, subcategories] of Object.entries(CATEGORY_SUBCATEGORIES)) {
      for (const sub of subcategories) {
        const n = countWhere((p) => p.category === category && p.subCategory.includes(sub));
        expect(n, `${category} › ${sub}`).toBeGreaterThanOrEqual(
          category === 'Flowers' || category === 'Cakes' ? 2 : 1,
        );
      }
    }
    for (const p of DEMO_PRODUCTS) {
      const allowed: readonly string[] = CATEGORY_SUBCATEGORIES[p.category];
      for (const sub of p.subCategory) expect(allowed, `${p.slug}: ${sub}`).toContain(sub);
    }
  });

  it('uses only known occasions, recipients, colours, vendors and materials, each well represented', () => {
    for (const p of DEMO_PRODUCTS) {
      for (const o of p.occasion) expect(OCCASIONS, p.slug).toContain(o);
      for (const r of p.recipient) expect(RECIPIENTS, p.slug).toContain(r);
      const palette = COLOR_PALETTES[p.category === 'Combos' ? 'Flowers' : p.category]!.map((c) => c.name);
      for (const c of p.color) expect(palette, `${p.slug}: ${c}`).toContain(c);
      for (const v of p.vendor) expect(VENDORS, p.slug).toContain(v);
      for (const m of p.material ?? []) expect(MATERIALS, p.slug).toContain(m);
      if (p.arrangementStyle) expect(ARRANGEMENT_STYLES, p.slug).toContain(p.arrangementStyle);
      if (p.fragrance) expect(FRAGRANCES, p.slug).toContain(p.fragrance);
    }
    for (const o of OCCASIONS)
      expect(
        countWhere((p) => p.occasion.includes(o)),
        o,
      ).toBeGreaterThanOrEqual(3);
    for (const r of RECIPIENTS)
      expect(
        countWhere((p) => p.recipient.includes(r)),
        r,
      ).toBeGreaterThanOrEqual(3);
    expect(countWhere((p) => p.recipient.includes('For Him'))).toBeGreaterThanOrEqual(8);
    expect(countWhere((p) => p.recipient.includes('For Her'))).toBeGreaterThanOrEqual(8);
    for (const c of COLOR_PALETTES.Flowers!) {
      expect(
        countWhere((p) => p.category === 'Flowers' && p.color.includes(c.name)),
        c.name,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('has the mix a storefront needs: discounts, new, out of stock, unavailable, same-day', () => {
    const discounted = shoppable.filter((p) => (p.discountPrice ?? 0) > 0);
    expect(discounted.length).toBeGreaterThanOrEqual(20);
    for (const p of discounted) expect(p.discountPrice!, p.slug).toBeLessThan(p.price);
    expect(discounted.filter((p) => (p.price - p.discountPrice!) / p.price >= 0.3).length).toBeGreaterThanOrEqual(6);
    const outsideWindow = discounted.filter(
      (p) => p.discountWindowDays && ((p.discountWindowDays.end ?? 1) < 0 || (p.discountWindowDays.start ?? 0) > 0),
    );
    expect(outsideWindow.length).toBeGreaterThanOrEqual(2);
    expect(countWhere((p) => p.createdDaysAgo < 10)).toBeGreaterThanOrEqual(10);
    expect(shoppable.filter((p) => p.countInStock === 0).length).toBeGreaterThanOrEqual(5);
    expect(countWhere((p) => p.available === false)).toBeGreaterThanOrEqual(4);
    const sameDay = countWhere((p) => p.sameDayDelivery === true) / shoppable.length;
    expect(sameDay).toBeGreaterThan(0.25);
    expect(sameDay).toBeLessThan(0.5);
    expect(shoppable.filter((p) => p.reviews.length === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('prices cakes by weight, the listed price being the smallest variant', () => {
    const cakesWithWeights = DEMO_PRODUCTS.filter((p) => p.category === 'Cakes' && p.variants?.length);
    expect(cakesWithWeights.length).toBeGreaterThanOrEqual(15);
    for (const p of cakesWithWeights) {
      expect(
        p.variants!.map((v) => v.name),
        p.slug,
      ).toEqual(['Half Kg', '1 Kg', '2 Kg']);
      expect(p.price, p.slug).toBe(Math.min(...p.variants!.map((v) => v.price)));
    }
  });

  it('has unique names, slugs and artwork seeds, and related links that resolve', () => {
    const slugs = new Set(DEMO_PRODUCTS.map((p) => p.slug));
    expect(slugs.size).toBe(DEMO_PRODUCTS.length);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.name)).size).toBe(DEMO_PRODUCTS.length);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.art.seed)).size).toBe(DEMO_PRODUCTS.length);
    for (const p of DEMO_PRODUCTS) {
      for (const r of p.related ?? []) {
        expect(slugs, `${p.slug} → ${r}`).toContain(r);
        expect(r).not.toBe(p.slug);
      }
      for (const review of p.reviews) expect([1, 2, 3, 4, 5]).toContain(review.rating);
    }
  });

  it.each<ArtKind>([
    'rose-bouquet',
    'mixed-bouquet',
    'lily-bouquet',
    'orchid-bouquet',
    'gerbera-bouquet',
    'carnation-bouquet',
    'hydrangea-bouquet',
    'flower-arrangement',
    'cake',
    'chocolate-box',
    'chocolate-hamper',
    'combo-cake-flowers',
    'combo-chocolate-flowers',
    'combo-teddy-flowers',
  ])('draws %s as a self-contained SVG without text', (kind) => {
    const svg = renderArtSvg({ kind, colors: ['#C8102E', '#F3E5C0'], background: '#FDF2F4', seed: 7 });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<text|<image|href="http|url\(http/);
    expect(renderArtSvg({ kind, colors: ['#C8102E'], background: '#FDF2F4', seed: 7 })).toBe(
      renderArtSvg({ kind, colors: ['#C8102E'], background: '#FDF2F4', seed: 7 }),
    );
  });
});
