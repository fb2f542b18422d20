import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './seo.route-chunks.js';

const webSource = new URL('../../../../web/', import.meta.url);

/** Every page module the web app's routers load lazily, as the build's manifest names them. */
async function lazyPageModules(): Promise<string[]> {
  const modules: string[] = [];
  for (const router of ['src/app/router.tsx', 'src/app/admin-routes.tsx']) {
    const source = await readFile(new URL(router, webSource), 'utf8');
    for (const [, target] of source.matchAll(/import\('\.\.\/(features\/[^']+)\.js'\)/g)) {
      modules.push(`src/${target}.tsx`);
    }
  }
  return modules;
}

describe("the server's route table for preloads", () => {
  it("names exactly the web router's lazy pages (the not-found page has no path to preload for)", async () => {
    const routed = await lazyPageModules();
    expect(routed.length).toBeGreaterThan(10);
    expect(new Set(ROUTE_MODULES.map(([, module]) => module))).toEqual(
      new Set(routed.filter((m) => m !== 'src/features/pages/not-found-page.tsx')),
    );
  });

  it.each([
    ['/', 'src/features/home/home-page.tsx'],
    ['/search/roses/page/2', 'src/features/home/home-page.tsx'],
    ['/products/red%20roses', 'src/features/product-listing/product-list-page.tsx'],
    ['/product/0b8c7b0e-7a57-4b5e-9f62-1f1d3c1e2a4b', 'src/features/product-detail/product-page.tsx'],
    ['/order/abc', 'src/features/orders/order-page.tsx'],
    ['/admin/product/abc/edit', 'src/features/admin/product-edit-page.tsx'],
    ['/admin', 'src/features/admin/dashboard-page.tsx'],
  ])('%s is rendered by %s', (pathname, module) => {
    expect(ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1]).toBe(module);
  });
});
