import { createInterface } from 'node:readline';
import { lockDataDir } from '../db/data-dir-lock.js';

/**
 * Another process contending for a data folder's lock (data-dir-lock.test.ts). It says `ready`,
 * tries for the lock when a line arrives on standard input (so several can be let go at once),
 * reports the outcome as JSON, and a winner holds the lock until SIGTERM releases it.
 */
const dataDir = process.argv[2]!;
const lines = createInterface({ input: process.stdin });
console.log('ready');
await new Promise((resolve) => lines.once('line', resolve));
lines.close();
try {
  const lock = await lockDataDir(dataDir);
  const hold = setInterval(() => {}, 60_000);
  // Ready for SIGTERM before saying so: the test may send it the moment it reads the line.
  process.once('SIGTERM', () => {
    clearInterval(hold);
    void lock.release().then(() => process.exit(0));
  });
  console.log(JSON.stringify({ outcome: 'locked' }));
} catch (err) {
  console.log(JSON.stringify({ outcome: 'refused', message: err instanceof Error ? err.message : String(err) }));
  process.exit(0);
}
