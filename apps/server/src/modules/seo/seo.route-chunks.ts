import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Which lazy page module renders a path: the same table as the web app's router, which
 * seo.route-chunks.test.ts holds it to (a page renamed or added there fails that test rather than
 * silently losing its preloads). Only used to preload chunks, so an unknown path gets none.
 */
export const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/product\/[^/]+\/?$/, 'src/features/product-detail/product-page.tsx'],
  [/^\/products(\/.*)?$/, 'src/features/product-listing/product-list-page.tsx'],
  [/^\/(search\/[^/]+(\/page\/[^/]+)?|page\/[^/]+)?\/?$/, 'src/features/home/home-page.tsx'],
  [/^\/cart\/?$/, 'src/features/cart/cart-page.tsx'],
  [/^\/wishlist\/?$/, 'src/features/wishlist/wishlist-page.tsx'],
  [/^\/terms-and-conditions\/?$/, 'src/features/pages/terms-page.tsx'],
  [/^\/login\/?$/, 'src/features/account/login-page.tsx'],
  [/^\/register\/?$/, 'src/features/account/register-page.tsx'],
  [/^\/forgot-password\/?$/, 'src/features/account/forgot-password-page.tsx'],
  [/^\/reset-password\/?$/, 'src/features/account/reset-password-page.tsx'],
  [/^\/profile\/?$/, 'src/features/account/profile-page.tsx'],
  [/^\/shipping\/?$/, 'src/features/checkout/shipping-page.tsx'],
  [/^\/payment\/?$/, 'src/features/checkout/payment-page.tsx'],
  [/^\/placeorder\/?$/, 'src/features/checkout/place-order-page.tsx'],
  [/^\/order\/[^/]+\/?$/, 'src/features/orders/order-page.tsx'],
  [/^\/partner\/?$/, 'src/features/partner/partner-page.tsx'],
  [/^\/admin\/?$/, 'src/features/admin/dashboard-page.tsx'],
  [/^\/admin\/deliveries\/?$/, 'src/features/admin/deliveries-page.tsx'],
  [/^\/admin\/deliveries\/print\/?$/, 'src/features/admin/run-sheet-page.tsx'],
  [/^\/admin\/orderlist\/?$/, 'src/features/admin/order-list-page.tsx'],
  [/^\/admin\/productlist(\/[^/]+)?\/?$/, 'src/features/admin/product-list-page.tsx'],
  [/^\/admin\/product\/[^/]+\/edit\/?$/, 'src/features/admin/product-edit-page.tsx'],
  [/^\/admin\/userlist\/?$/, 'src/features/admin/user-list-page.tsx'],
  [/^\/admin\/user\/[^/]+\/edit\/?$/, 'src/features/admin/user-edit-page.tsx'],
  [/^\/admin\/coupons\/?$/, 'src/features/admin/coupon-list-page.tsx'],
  [/^\/admin\/coupon\/(new|[^/]+\/edit)\/?$/, 'src/features/admin/coupon-edit-page.tsx'],
  [/^\/admin\/outbox\/?$/, 'src/features/admin/outbox-page.tsx'],
  [/^\/admin\/vitals\/?$/, 'src/features/admin/vitals-page.tsx'],
  [/^\/admin\/audit\/?$/, 'src/features/admin/audit-page.tsx'],
  [/^\/admin\/partners\/?$/, 'src/features/admin/partners-page.tsx'],
];

/** What a page's HTML loads of the web build's scripts. */
export interface BuildScripts {
  /**
   * The script files of the page's route that the entry does not already load. Without them the
   * browser would discover the route's code only after the entry script had run: one more round
   * trip before anything shows.
   */
  routeChunks(pathname: string): string[];
  /** The script that starts a page the server rendered (apps/web/src/boot.ts); null if the build has none. */
  boot: string | null;
}

/** The page the build starts from, and the module boot.ts is built from, as the manifest names them. */
const HTML_ENTRY = 'index.html';
const BOOT_MODULE = 'src/boot.ts';

/** Reads the web build's manifest: each page path's route chunks, and the boot script. */
export async function loadBuildScripts(webDistDir: string): Promise<BuildScripts> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return { routeChunks: () => [], boot: null };
  }
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const loadedByEntry = closure(HTML_ENTRY);
  const byModule = new Map(
    ROUTE_MODULES.map(([, module]) => [
      module,
      [...closure(module)].filter((k) => !loadedByEntry.has(k)).map((k) => `/${manifest[k]!.file}`),
    ]),
  );
  const boot = manifest[BOOT_MODULE];
  return {
    routeChunks: (pathname) => {
      const route = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname));
      return route ? (byModule.get(route[1]) ?? []) : [];
    },
    boot: boot ? `/${boot.file}` : null,
  };
}
