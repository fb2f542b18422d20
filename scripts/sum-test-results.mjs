// Totals vitest's JSON reports under a folder into the one closing line CI reads. The failures
// are named just above it, because a CI log is often read from its tail only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function reports(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return reports(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

function firstLine(messages) {
  const line =
    (messages ?? [])
      .join('\n')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 300);
}

const root = process.argv[2] ?? 'test-results/ci';
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of reports(root)) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const pass = path.relative(root, file);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const suite of r.testResults) {
    const where = path.relative(process.cwd(), suite.name);
    // A suite that failed to load counts no tests; it must still fail the total.
    if (suite.status === 'failed' && suite.assertionResults.length === 0) {
      failed += 1;
      failures.push(`${pass}: ${where}: ${firstLine([suite.message])}`);
    }
    for (const test of suite.assertionResults) {
      if (test.status === 'failed') {
        failures.push(`${pass}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages)}`);
      }
    }
  }
}
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
