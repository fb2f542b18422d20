// Totals vitest's JSON reports under a folder into the one closing line CI reads.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function reports(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return reports(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports(process.argv[2] ?? 'test-results/ci')) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  // A suite that failed to load counts no tests; it must still fail the total.
  failed += r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
