/**
 * JavaScript budgets of the storefront, read from Vite's build manifest. For every page in the
 * server's preload table (apps/server/src/modules/seo/seo.route-chunks.ts) it measures what the
 * browser fetches before the page runs: the entry chunk, the page's lazy chunk and everything they
 * import statically, which is what the server's HTML preloads. Each page has a budget for that
 * JavaScript (gzip, level 9), and no chunk it preloads may be under MIN_CHUNK_BYTES: a request
 * that small costs more in round trips than it saves in bytes.
 * Run after `npm run build`: `npm run bench:bundle`. Exits non-zero over any budget.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTE_MODULES } from '../apps/server/src/modules/seo/seo.route-chunks.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * KB gzip of first-page JavaScript per page module (bench/README.md, "Storefront budgets"): Home's
 * is issue 17's goal, the others measured on 2026-11-26 with about 3 KB of headroom (the password
 * reset, order and audit pages on 2026-11-28, once zod and Radix's dialog left their first page; the
 * cart, place-order and admin product list 1–2 KB up the same day, for files of 1 KB or more).
 * Five were found over on 2026-11-29, when CI first ran this check (issue 33): profile, shipping
 * and payment by 0.3–1.0 KB, the deliveries screen by 2.2 and the product editor by 6.1, the work
 * of issues 31 and 32 that nothing checked; each now has about 3 KB above what it measured.
 * Issue 35 (2026-12-01) grew four by 0.3–0.9 KB, seen here before it landed: place-order and the
 * order page by the buyer's own contact, guest links and the pay panel (the guest's account form
 * and the password policy load apart, only for a guest's paid order), the admin order and user
 * lists by the address and slot formatting they share; each again about 3 KB above its figure.
 * Issue 36's owner's day (2026-12-02, ADR 085) grew the deliveries screen by 1.5 KB (empty slots on
 * request, counts of what is left, the run sheet's links) and the admin order list by 2.8 KB (status,
 * delivery, and a card per order on phones with the media query it needs), and added the printable run sheet at 138.1 KB; each has
 * about 3 KB above its figure. The admin frame's routes put 0.2 KB in the entry, which took the
 * product editor, at its budget to the byte, 0.1 KB over: it too has 3 KB again. Its partners
 * (ADR 086) added the partner's screen at 148.8 KB and the admin's partners page at 154.5, each with
 * about 3 KB above; their routes and the partner's menu link put another 0.2 KB in the entry, which
 * took the profile page 0.7 KB over: it has 3 KB again. Home, at 139.9, keeps its goal.
 * On 2026-12-03 the coupon editor was found 27 bytes over: it, the partners page, the stock panel
 * and the product editor took the whole delivery capacity editor for its two-line reading of a
 * server's field errors. With that helper in lib/field-errors.ts the coupon editor fell 4.2 KB, the
 * partners page 5.4 and the product editor 4.3, and their budgets follow them down to about 3 KB
 * above; the small modules' groups (small-chunks.ts) moved with it, putting 0.4 KB on the password
 * reset and 1.1 KB on the admin product list, which again have about 3 KB above their figures.
 */
const BUDGETS_KB: Record<string, number> = {
  'src/features/home/home-page.tsx': 140,
  'src/features/product-listing/product-list-page.tsx': 158,
  'src/features/product-detail/product-page.tsx': 175,
  'src/features/cart/cart-page.tsx': 145,
  'src/features/wishlist/wishlist-page.tsx': 148,
  'src/features/pages/terms-page.tsx': 137,
  'src/features/account/login-page.tsx': 149,
  'src/features/account/register-page.tsx': 148,
  'src/features/account/forgot-password-page.tsx': 147,
  'src/features/account/reset-password-page.tsx': 149,
  'src/features/account/profile-page.tsx': 161,
  'src/features/checkout/shipping-page.tsx': 171,
  'src/features/checkout/payment-page.tsx': 138,
  'src/features/checkout/place-order-page.tsx': 161,
  'src/features/orders/order-page.tsx': 162,
  'src/features/partner/partner-page.tsx': 152,
  'src/features/admin/dashboard-page.tsx': 142,
  'src/features/admin/deliveries-page.tsx': 178,
  'src/features/admin/run-sheet-page.tsx': 141,
  'src/features/admin/order-list-page.tsx': 146,
  'src/features/admin/product-list-page.tsx': 155,
  'src/features/admin/product-edit-page.tsx': 194,
  'src/features/admin/user-list-page.tsx': 168,
  'src/features/admin/user-edit-page.tsx': 167,
  'src/features/admin/coupon-list-page.tsx': 142,
  'src/features/admin/coupon-edit-page.tsx': 181,
  'src/features/admin/outbox-page.tsx': 150,
  'src/features/admin/vitals-page.tsx': 140,
  'src/features/admin/audit-page.tsx': 142,
  'src/features/admin/partners-page.tsx': 152,
};
const MIN_CHUNK_BYTES = 1024;

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const entryKey = manifest['index.html'] ? 'index.html' : undefined;
if (!entryKey) throw new Error('the manifest names no entry; build the web app first');

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
  return seen;
}

const sizes = new Map<string, { raw: number; gzip: number }>();
async function sizeOf(key: string) {
  const file = manifest[key]!.file;
  if (!sizes.has(file)) {
    const bytes = await readFile(path.join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return { file, ...sizes.get(file)! };
}

const kb = (n: number) => (n / 1024).toFixed(1);
const failures: string[] = [];
const pages = ROUTE_MODULES.map(([, module]) => module);
for (const module of Object.keys(BUDGETS_KB)) {
  if (!pages.includes(module)) failures.push(`${module} has a budget but is not in the preload table`);
}

console.log('first-page JS (gzip)  budget  chunks  smallest chunk  page');
for (const module of pages) {
  if (!manifest[module]) {
    failures.push(`${module} is not in the build's manifest`);
    continue;
  }
  const chunks = await Promise.all([...new Set([...closure(entryKey), ...closure(module)])].map(sizeOf));
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  const smallest = chunks.reduce((a, b) => (b.raw < a.raw ? b : a));
  const budget = BUDGETS_KB[module];
  console.log(
    `${kb(total).padStart(12)} KB ${String(budget ?? '-').padStart(9)} ${String(chunks.length).padStart(7)} ` +
      `${String(smallest.raw).padStart(10)} B  ${module.replace(/^src\/features\//, '')}`,
  );
  if (budget === undefined) failures.push(`${module} has no budget`);
  else if (total > budget * 1024) failures.push(`${module}: ${kb(total)} KB gzip, over its ${budget} KB`);
  if (smallest.raw < MIN_CHUNK_BYTES) failures.push(`${module} preloads ${smallest.file}, ${smallest.raw} bytes`);
}

const home = 'src/features/home/home-page.tsx';
console.log(`\nHome's first page:`);
const homeChunks = await Promise.all([...new Set([...closure(entryKey), ...closure(home)])].map(sizeOf));
for (const c of homeChunks.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${kb(c.gzip).padStart(7)} KB gzip  ${kb(c.raw).padStart(7)} KB  ${c.file}`);
}

if (failures.length > 0) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
