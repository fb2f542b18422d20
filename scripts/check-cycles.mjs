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

// Tarjan's strongly connected components: every component of more than one node is a cycle.
function cyclesOf(graph) {
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
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return cycles;
}

// Server modules that call each other, even through files that form no cycle, are one module in
// two folders: a change to either needs both in mind. Tables may reference each other's tables
// (foreign keys), and tests may reach anywhere, so neither counts.
const MODULE_FILE = /^apps\/server\/src\/modules\/([a-z-]+)\/(?!.*\.test\.ts$)(?!.*\.table\.ts$)/;
const moduleGraph = new Map();
for (const [file, deps] of graph) {
  const from = MODULE_FILE.exec(file)?.[1];
  if (!from) continue;
  const calls = moduleGraph.get(from) ?? new Set();
  for (const dep of deps) {
    const to = MODULE_FILE.exec(dep)?.[1];
    if (to && to !== from) calls.add(to);
  }
  moduleGraph.set(from, calls);
}

const fileCycles = cyclesOf(graph);
const moduleCycles = cyclesOf(new Map([...moduleGraph].map(([m, calls]) => [m, [...calls]])));
if (fileCycles.length || moduleCycles.length) {
  if (fileCycles.length) console.error(`import cycles: ${fileCycles.length}`);
  for (const c of fileCycles) console.error(`  ${c.sort().join('\n    ↔ ')}`);
  if (moduleCycles.length) console.error(`server modules that call each other: ${moduleCycles.length}`);
  for (const c of moduleCycles) console.error(`  ${c.sort().join(' ↔ ')}`);
  process.exit(1);
}
console.log(`cycles: none among ${graph.size} files and ${moduleGraph.size} server modules`);
