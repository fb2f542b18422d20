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

/**
 * The failure's first line, where in a test file it was raised, and the last steps a browser
 * action logged (why a click waited): enough to act on from the tail of a log.
 */
function summary(messages) {
  const lines = (messages ?? [])
    .join('\n')
    .split('\n')
    // eslint-disable-next-line no-control-regex -- colour codes in the messages
    .map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim())
    .filter((l) => l !== '');
  const first = (lines[0] ?? '').slice(0, 300);
  const where = lines.find((l) => l.startsWith('at ') && /\.test\.tsx?:\d+/.test(l));
  const steps = lines.filter((l) => l.startsWith('- ')).slice(-3);
  return [first, ...(where ? [`  ${where.slice(0, 200)}`] : []), ...steps.map((l) => `  ${l.slice(0, 200)}`)].join(
    '\n',
  );
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
      failures.push(`${pass}: ${where}: ${summary([suite.message])}`);
    }
    for (const test of suite.assertionResults) {
      if (test.status === 'failed') {
        failures.push(`${pass}: ${where} > ${test.fullName}: ${summary(test.failureMessages)}`);
      }
    }
  }
}
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
