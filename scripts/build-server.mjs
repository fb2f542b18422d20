// Builds what `node apps/server/dist/server.js` runs: the server and the packages it imports,
// TypeScript to JavaScript file by file into each project's dist, laid out as tsc lays it out.
// No type check here: that is `npm run typecheck` (tsc -b, which CI runs before anything else).
// Transpiling alone takes well under a second where tsc takes 12 s on two cores, and a first
// `npm start` should not wait for a check that cannot change what it runs (ADR 040).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const projects = ['packages/domain', 'packages/contracts', 'packages/demo-catalogue', 'apps/server'];

/** What each project's tsconfig leaves out of its build: tests and test helpers. */
const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('test');

await Promise.all(
  projects.map(async (project) => {
    const src = path.join(root, project, 'src');
    const files = (await readdir(src, { recursive: true })).filter(isSource).map((file) => path.join(src, file));
    await build({
      entryPoints: files,
      outdir: path.join(root, project, 'dist'),
      outbase: src,
      tsconfig: path.join(root, project, 'tsconfig.json'),
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      sourcemap: true,
      logLevel: 'warning',
    });
  }),
);
