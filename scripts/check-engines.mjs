// Fails when a package installed for production (package-lock.json, dev-only packages left out)
// declares an engines.node that excludes the oldest Node the store promises to run on: the
// lowest version of the root package.json's engines.node. npm only warns about such a package
// at install time, and the first sign of trouble would be a crash on that Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const promised = readJson('package.json').engines.node;
const oldest = semver.minVersion(promised);
const { packages } = readJson('package-lock.json');

const problems = [];
let checked = 0;
for (const [where, entry] of Object.entries(packages)) {
  // The root, workspace links, and what only development and tests install.
  if (where === '' || entry.link || entry.dev || entry.devOptional) continue;
  const range = entry.engines?.node;
  if (typeof range !== 'string') continue;
  checked += 1;
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (!semver.validRange(range)) {
    problems.push(`${name}@${entry.version} (${where}): engines.node "${range}" is not a version range`);
  } else if (!semver.satisfies(oldest, range)) {
    problems.push(`${name}@${entry.version} (${where}): engines.node "${range}" excludes Node ${oldest}`);
  }
}

if (problems.length) {
  console.error(`Production packages that do not run on Node ${oldest} (package.json promises "${promised}"):`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('Pin a version that supports it, or replace it through "overrides" in package.json.');
  process.exit(1);
}
console.log(`engines: all ${checked} production packages that name a Node range accept Node ${oldest}`);
