/**
 * JavaScript budget of the storefront: the gzip size of every script the first page (Home) needs,
 * read from Vite's build manifest — the entry chunk, the Home route's chunk and everything they
 * import statically. Admin and checkout code must stay out of it (lazy routes).
 * Run after `npm run build`: `npm run bench:bundle`. Exits non-zero over budget.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const BUDGET_KB = 170;
const FIRST_PAGE_ROUTE = 'src/features/home/home-page.tsx';
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey || !manifest[FIRST_PAGE_ROUTE]) {
  throw new Error(`manifest lacks the entry or ${FIRST_PAGE_ROUTE}; build the web app first`);
}

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
  return seen;
}

const keys = new Set([...closure(entryKey), ...closure(FIRST_PAGE_ROUTE)]);
const rows = await Promise.all(
  [...keys].map(async (key) => {
    const bytes = await readFile(path.join(dist, manifest[key]!.file));
    return { file: manifest[key]!.file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }),
);
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => (n / 1024).toFixed(1);
for (const r of rows) console.log(`${kb(r.gzip).padStart(7)} KB gzip  ${kb(r.raw).padStart(7)} KB  ${r.file}`);
const total = rows.reduce((s, r) => s + r.gzip, 0);
console.log(`First-page JavaScript: ${kb(total)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error('Over budget.');
  process.exit(1);
}
