import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * One process at a time may open an embedded database folder (ADR 016). PGlite keeps no lock of
 * its own, and two instances writing the same files lose committed data or corrupt the folder.
 */
export const LOCK_FILE = 'store.lock';

/** How long a starter waits for another one that is busy recovering a stale lock. */
const RECOVERY_WAIT_MS = 2_000;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The store in ${dataDir} is already running (pid ${pid})`);
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

interface Owner {
  pid: number;
  /** Tells the process apart from a later one given the same pid; absent where the platform cannot say. */
  start?: string;
  /** Unique to this taking of the lock: names it when a stale lock is recovered. */
  token: string;
}

interface Held {
  /** Undefined when the file cannot be read as an owner (damaged from outside): always stale. */
  owner: Owner | undefined;
  key: string;
}

/**
 * Takes the folder's lock or throws DataDirInUseError naming the process that has it. A lock whose
 * owner has gone (kill -9, power loss) is taken over; of several starters doing that at once,
 * exactly one gets the lock.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const start = processStart(process.pid);
  const me: Owner = { pid: process.pid, ...(start ? { start } : {}), token: randomUUID() };
  const content = JSON.stringify(me);
  const deadline = Date.now() + RECOVERY_WAIT_MS;
  for (;;) {
    if (await createExclusive(file, content)) return { release: () => release(file, me.token) };
    const held = await inspect(file);
    if (!held) continue;
    if (held.owner && isRunning(held.owner)) throw new DataDirInUseError(dataDir, held.owner.pid);
    const recoverer = await removeStale(file, held.key, content);
    if (!recoverer) continue;
    // Someone else is taking the stale lock over; once they have, they are the one to name.
    if (Date.now() > deadline) throw new DataDirInUseError(dataDir, recoverer.pid);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Removes the stale lock named `key`, unless another live process is already doing so (it is
 * returned then). Removing is claimed by creating `<lock>.<key>.<n>` exclusively: only the claim's
 * holder deletes the lock, and only while it still carries `key`, so two recoverers can never
 * delete each other's fresh lock. A claim whose holder died mid-recovery is passed over by
 * claiming the next n.
 */
async function removeStale(file: string, key: string, content: string): Promise<Owner | undefined> {
  for (let n = 1; ; n++) {
    const claim = `${file}.${key}.${n}`;
    if (await createExclusive(claim, content)) {
      try {
        if ((await inspect(file))?.key === key) await unlinkIfThere(file);
      } finally {
        for (let m = 1; m <= n; m++) await unlinkIfThere(`${file}.${key}.${m}`);
      }
      return undefined;
    }
    const holder = await inspect(claim);
    if (!holder) return undefined;
    if (holder.owner && isRunning(holder.owner)) return holder.owner;
  }
}

async function release(file: string, token: string): Promise<void> {
  if ((await inspect(file))?.key === token) await unlinkIfThere(file);
}

/**
 * Creates `file` with `content` unless it exists. The content is written to a private file first
 * and hard-linked into place, so nobody ever reads a half-written owner.
 */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const draft = `${file}.${randomUUID()}.tmp`;
  const handle = await open(draft, 'wx');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(draft, file);
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    throw err;
  } finally {
    await unlinkIfThere(draft);
  }
}

async function inspect(file: string): Promise<Held | undefined> {
  let text: string;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  const owner = parseOwner(text);
  return owner ? { owner, key: owner.token } : { owner: undefined, key: `damaged-${info.ino}-${info.mtimeMs}` };
}

function parseOwner(text: string): Owner | undefined {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (!Number.isSafeInteger(value.pid) || value.pid! <= 0) return undefined;
    if (typeof value.token !== 'string' || !/^[0-9a-f-]{36}$/.test(value.token)) return undefined;
    if (value.start !== undefined && typeof value.start !== 'string') return undefined;
    return value as Owner;
  } catch {
    return undefined;
  }
}

function isRunning(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the pid exists but belongs to another user.
    if (errorCode(err) !== 'EPERM') return false;
  }
  if (!owner.start) return true;
  const start = processStart(owner.pid);
  // A pid in use by a process started at another moment was recycled: the owner is gone.
  return start === undefined || start === owner.start;
}

/**
 * When the process started, as this machine tells it: on Linux the boot and field 22 of
 * /proc/<pid>/stat (clock ticks since boot), elsewhere `ps`'s start time; undefined when neither
 * is available (Windows), and then only the pid is compared.
 */
export function processStart(pid: number): string | undefined {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 2, the command name in parentheses, may itself hold spaces and parentheses.
      const starttime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      if (!starttime) return undefined;
      return `${bootId()}:${starttime}`;
    } catch {
      return undefined;
    }
  }
  if (process.platform === 'win32') return undefined;
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started || undefined;
  } catch {
    return undefined;
  }
}

/** Ticks since boot repeat after a reboot; the boot id tells two boots apart. */
function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}

async function unlinkIfThere(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err;
  }
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}
