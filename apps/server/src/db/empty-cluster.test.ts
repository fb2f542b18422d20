import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows, type Database } from './client.js';
import { emptyClusterFile, packCluster, pgliteVersion, unpackCluster } from './empty-cluster.js';

const scratch: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `store-${name}-`));
  scratch.push(dir);
  return dir;
};
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));
afterEach(() => vi.restoreAllMocks());

describe('a new embedded database', () => {
  it('starts from the cluster shipped for the installed PGlite, and a restart finds what it wrote', async () => {
    expect(existsSync(emptyClusterFile(await pgliteVersion()))).toBe(true);
    const warnings = vi.spyOn(process, 'emitWarning');
    const dataDir = await tempDir('empty-cluster');

    const first = await openDatabase({ dataDir });
    try {
      await first.db.execute(sql`CREATE TABLE notes (body text)`);
      await first.db.execute(sql`INSERT INTO notes VALUES ('kept')`);
    } finally {
      await first.close();
    }
    expect(warnings).not.toHaveBeenCalled();
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.new'))).toBe(false);

    // initdb gives every cluster an identifier of its own; copies of the shipped one share it.
    const identifier = async (db: Database) =>
      (await queryRows<{ id: string }>(db.db, sql`SELECT system_identifier::text AS id FROM pg_control_system()`))[0]
        ?.id;
    const other = await openDatabase({ dataDir: await tempDir('empty-cluster-other') });
    const otherId = await identifier(other).finally(() => other.close());

    const again = await openDatabase({ dataDir });
    try {
      expect(await identifier(again)).toBe(otherId);
      expect(await queryRows(again.db, sql`SELECT body FROM notes`)).toEqual([{ body: 'kept' }]);
      const [encoding] = await queryRows<{ server_encoding: string }>(again.db, sql`SHOW server_encoding`);
      expect(encoding?.server_encoding).toBe('UTF8');
    } finally {
      await again.close();
    }
  });

  it('refuses a pglite folder that holds files but no database, and leaves them as they were', async () => {
    const dataDir = await tempDir('not-a-cluster');
    await mkdir(path.join(dataDir, 'pglite'));
    await writeFile(path.join(dataDir, 'pglite', 'notes.txt'), 'mine');
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/pglite holds files but no database \(no PG_VERSION\)/);
    }
    expect(await readdir(path.join(dataDir, 'pglite'))).toEqual(['notes.txt']);
    expect(existsSync(path.join(dataDir, 'pglite.new'))).toBe(false);
    expect(await readFile(path.join(dataDir, 'pglite', 'notes.txt'), 'utf8')).toBe('mine');
  });
});

describe('the cluster archive', () => {
  it('gives back folders, empty folders, empty files and bytes as they were', async () => {
    const from = await tempDir('pack-from');
    await mkdir(path.join(from, 'base', '1'), { recursive: true });
    await mkdir(path.join(from, 'pg_notify'));
    await writeFile(path.join(from, 'PG_VERSION'), '17\n');
    await writeFile(path.join(from, 'base', '1', 'empty'), '');
    const bytes = Buffer.from(Array.from({ length: 9_000 }, (_, i) => (i * 7) % 256));
    await writeFile(path.join(from, 'base', '1', '1247'), bytes);

    const to = path.join(await tempDir('pack-to'), 'pglite');
    await unpackCluster(await packCluster(from), to);

    const tree = async (dir: string) => (await readdir(dir, { recursive: true })).sort();
    expect(await tree(to)).toEqual(await tree(from));
    expect(await readFile(path.join(to, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect((await readFile(path.join(to, 'base', '1', '1247'))).equals(bytes)).toBe(true);
    expect(await readFile(path.join(to, 'base', '1', 'empty'), 'utf8')).toBe('');
    expect(existsSync(`${to}.new`)).toBe(false);
  });
});
