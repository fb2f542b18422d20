import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { LOCK_FILE, lockDataDir, processStart } from './data-dir-lock.js';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const holderScript = fileURLToPath(new URL('../test/data-dir-lock-holder.ts', import.meta.url));

interface Holder {
  pid: number;
  process: ChildProcess;
  ready: Promise<void>;
  /** Lets it try for the lock. */
  go(): void;
  outcome: Promise<{ outcome: 'locked' } | { outcome: 'refused'; message: string }>;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

/** A separate process (its own pid) that contends for the lock of `dir`. */
function spawnHolder(dir: string): Holder {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, dir], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  // 'close', not 'exit': a holder that prints its answer and exits at once can be seen to exit
  // before its last line is read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout! });
  const failed = exited.then((code) => {
    throw new Error(`holder exited (${code}) before answering:\n${errors}`);
  });
  failed.catch(() => {});
  const ready = Promise.race([new Promise<void>((resolve) => lines.once('line', () => resolve())), failed]);
  const outcome = ready.then(() =>
    Promise.race([new Promise<string>((resolve) => lines.once('line', resolve)), failed]).then(
      (line) => JSON.parse(line) as Awaited<Holder['outcome']>,
    ),
  );
  return { pid: child.pid!, process: child, ready, go: () => child.stdin!.write('go\n'), outcome, exited };
}

async function lockedHolder(dir: string): Promise<Holder> {
  const holder = spawnHolder(dir);
  await holder.ready;
  holder.go();
  expect(await holder.outcome).toEqual({ outcome: 'locked' });
  return holder;
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

async function refusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('it was not refused');
}

async function lockOwnerPid(dir: string): Promise<number> {
  return (JSON.parse(await readFile(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number }).pid;
}

const running = (dir: string, pid: number) => `The store in ${dir} is already running (pid ${pid})`;

describe('the data folder lock', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'store-lock-'));
  });

  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('is taken on a free folder and refuses a second taker, naming the owner, until released', async () => {
    const lock = await lockDataDir(dir);
    expect(await lockOwnerPid(dir)).toBe(process.pid);
    expect(await refusal(lockDataDir(dir))).toBe(running(dir, process.pid));

    const other = spawnHolder(dir);
    await other.ready;
    other.go();
    expect(await other.outcome).toEqual({ outcome: 'refused', message: running(dir, process.pid) });

    await lock.release();
    expect(await readdir(dir)).toEqual([]);
    await (await lockDataDir(dir)).release();
  });

  it('refuses while another live process holds it, and is free once that process releases it', async () => {
    const holder = await lockedHolder(dir);
    expect(await refusal(lockDataDir(dir))).toBe(running(dir, holder.pid));
    expect(await lockOwnerPid(dir)).toBe(holder.pid);

    holder.process.kill('SIGTERM');
    expect(await holder.exited).toBe(0);
    const lock = await lockDataDir(dir);
    expect(await lockOwnerPid(dir)).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock left by a process killed with SIGKILL', async () => {
    const holder = await lockedHolder(dir);
    holder.process.kill('SIGKILL');
    await holder.exited;
    expect(await lockOwnerPid(dir)).toBe(holder.pid);

    const lock = await lockDataDir(dir);
    expect(await lockOwnerPid(dir)).toBe(process.pid);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')(
    'takes over a lock whose pid now belongs to a process started later (a recycled pid)',
    async () => {
      const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      children.push(other);
      const pid = other.pid!;
      // Linux: boot id and start tick; elsewhere the start time `ps` prints.
      await expect.poll(() => processStart(pid)).toMatch(process.platform === 'linux' ? /^[\w-]+:\d+$/ : /\d/);
      const record = (start: string) => JSON.stringify({ pid, start, token: randomUUID() });

      await writeFile(path.join(dir, LOCK_FILE), record(processStart(pid)!));
      expect(await refusal(lockDataDir(dir))).toBe(running(dir, pid));

      await writeFile(path.join(dir, LOCK_FILE), record(`started-earlier:${processStart(pid)}`));
      const lock = await lockDataDir(dir);
      expect(await lockOwnerPid(dir)).toBe(process.pid);
      await lock.release();
    },
  );

  it('takes over a lock file it cannot read as an owner', async () => {
    await writeFile(path.join(dir, LOCK_FILE), '{"pid":');
    const lock = await lockDataDir(dir);
    expect(await lockOwnerPid(dir)).toBe(process.pid);
    await lock.release();
  });

  it('lets exactly one of several processes recovering a stale lock at once have it', async () => {
    for (let round = 0; round < 2; round++) {
      const dead = { pid: await deadPid(), start: 'gone', token: randomUUID() };
      await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(dead));
      const contenders = Array.from({ length: 4 }, () => spawnHolder(dir));
      await Promise.all(contenders.map((c) => c.ready));
      for (const c of contenders) c.go();
      const outcomes = await Promise.all(contenders.map((c) => c.outcome));

      const winners = contenders.filter((_, i) => outcomes[i]!.outcome === 'locked');
      expect(winners).toHaveLength(1);
      const winner = winners[0]!;
      expect(await lockOwnerPid(dir)).toBe(winner.pid);
      expect(outcomes.filter((o) => o.outcome === 'refused')).toEqual(
        Array(3).fill({ outcome: 'refused', message: running(dir, winner.pid) }),
      );
      winner.process.kill('SIGTERM');
      expect(await winner.exited).toBe(0);
      // No claim or draft of any contender is left behind.
      expect(await readdir(dir)).toEqual([]);
    }
  }, 90_000);

  it('keeps an embedded database off a folder another process has open, until it is closed', async () => {
    const holder = await lockedHolder(dir);
    expect(await refusal(openDatabase({ dataDir: dir }))).toBe(running(dir, holder.pid));
    // Refused before PGlite created or read anything there.
    expect(await readdir(dir)).toEqual([LOCK_FILE]);
    holder.process.kill('SIGTERM');
    await holder.exited;

    const database = await openDatabase({ dataDir: dir });
    const second = spawnHolder(dir);
    await second.ready;
    second.go();
    expect(await second.outcome).toEqual({ outcome: 'refused', message: running(dir, process.pid) });
    await database.close();
    expect((await readdir(dir)).sort()).toEqual(['pglite']);
  }, 90_000);
});
