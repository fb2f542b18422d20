// Fails when the project's own modules import each other in a circle. Type-only imports are left
// out (they vanish at build time); a cycle through real imports makes load order decide what a
// module sees, which is the kind of bug that only shows in production bundles.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const roots = ['packages', 'apps/server/src', 'apps/web/src'];
const SOURCE = /\.(ts|tsx)$/;
const files = roots.flatMap(function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : walk(full);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
});

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const resolve = (from, spec) => {
  const base = path.join(path.dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
};
const graph = new Map(
  files.map((file) => {
    const deps = [];
    for (const [, , typeOnly, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = typeOnly ? undefined : resolve(file, spec);
      if (target) deps.push(target);
    }
    return [file, deps];
  }),
);

// Tarjan's strongly connected components: every component of more than one module is a cycle.
let index = 0;
const stack = [];
const meta = new Map();
const cycles = [];
function visit(v) {
  meta.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!meta.has(w)) {
      visit(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) {
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const file of graph.keys()) if (!meta.has(file)) visit(file);

if (cycles.length) {
  console.error(`import cycles: ${cycles.length}`);
  for (const c of cycles) console.error(`  ${c.sort().join('\n    ↔ ')}`);
  process.exit(1);
}
console.log(`cycles: none among ${graph.size} modules`);
