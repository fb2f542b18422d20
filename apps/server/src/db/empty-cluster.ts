import { readdir, readFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';

/**
 * The database cluster PGlite's `initdb` makes, shipped (ADR 069). PGlite runs `initdb` in a second
 * PostgreSQL inside the process and copies that one's whole 128 MB heap before each step, which took
 * a first start to 650 MB resident for a few seconds; a new embedded database starts from this copy
 * of what it would have made. One file per PGlite version: another version's PostgreSQL may not
 * read the files of this one, so it runs `initdb` itself until `npm run db:empty-cluster -w
 * apps/server` makes its file.
 */
const CLUSTERS_DIR = fileURLToPath(new URL('../../pglite/', import.meta.url));
const FILE_PREFIX = 'empty-cluster-';
const FILE_SUFFIX = '.tar.br';

export async function pgliteVersion(): Promise<string> {
  // The package exports no package.json; its entry point sits in dist/, one level below it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export const emptyClusterFile = (version: string) => path.join(CLUSTERS_DIR, `${FILE_PREFIX}${version}${FILE_SUFFIX}`);

/** The shipped cluster for the installed PGlite as a tar archive; undefined when there is none. */
export async function readEmptyCluster(): Promise<Buffer | undefined> {
  const packed = await readFile(emptyClusterFile(await pgliteVersion())).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  return packed && promisify(brotliDecompress)(packed);
}

/**
 * Makes `dir` a copy of the cluster in `tar`. It is written into a folder beside it and renamed
 * when whole, so a start cut short leaves no half a database that the next one would try to open.
 * `dir` may exist if it is empty; files in it without a database are refused, not overwritten.
 */
export async function unpackCluster(tar: Buffer, dir: string): Promise<void> {
  const building = `${dir}.new`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  // A thousand small files: written a few dozen at a time, each folder made before its files.
  const writing: Promise<void>[] = [];
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const name = field(header, 0, 100);
    const size = parseInt(field(header, 124, 12) || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const target = path.join(building, name);
    if (path.relative(building, target).startsWith('..'))
      throw new Error(`cluster archive names a file outside it: ${name}`);
    at += BLOCK;
    if (type === '5') await mkdir(target, { recursive: true });
    else if (type === '0' || type === '\0') writing.push(writeFile(target, tar.subarray(at, at + size)));
    else throw new Error(`cluster archive holds an entry of type ${type}: ${name}`);
    if (writing.length >= PARALLEL_WRITES) await Promise.all(writing.splice(0));
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  await Promise.all(writing);
  await rename(building, dir).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    await rm(building, { recursive: true, force: true });
    throw new Error(
      `${dir} holds files but no database (no PG_VERSION); move it away to start with an empty store, or restore it from a backup`,
    );
  });
}

/** Packs a stopped cluster's folder as `unpackCluster` reads it: a tar of its folders and files. */
export async function packCluster(dir: string): Promise<Buffer> {
  const blocks: Buffer[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const name = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        blocks.push(header(`${name}/`, 0, '5'));
        await walk(name);
      } else if (entry.isFile()) {
        const body = await readFile(path.join(dir, name));
        blocks.push(header(name, body.length, '0'), body, Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK));
      } else {
        throw new Error(`a cluster holds only folders and files: ${name}`);
      }
    }
  };
  await walk('');
  blocks.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(blocks);
}

/** Brotli with a window as large as the archive's repeats: three near-identical databases. */
export const compressCluster = (tar: Buffer) =>
  promisify(brotliCompress)(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  });

/** Every shipped cluster file, for replacing another version's. */
export async function shippedClusterFiles(): Promise<string[]> {
  const names = await readdir(CLUSTERS_DIR).catch(() => [] as string[]);
  return names
    .filter((n) => n.startsWith(FILE_PREFIX) && n.endsWith(FILE_SUFFIX))
    .map((n) => path.join(CLUSTERS_DIR, n));
}

const BLOCK = 512;
const PARALLEL_WRITES = 32;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw
    .subarray(0, end < 0 ? length : end)
    .toString('utf8')
    .trim();
}

/** A ustar header for a folder or a file; names in a cluster are far below ustar's 100 bytes. */
function header(name: string, size: number, type: '0' | '5'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`name too long for the cluster archive: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 'utf8');
  h.write(`${(type === '5' ? 0o755 : 0o644).toString(8).padStart(7, '0')}\0`, 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  h.write('00000000000\0', 136, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0' + '00', 257, 'ascii');
  // The checksum is counted with its own field as spaces.
  h.fill(' ', 148, 156);
  const sum = h.reduce((a, b) => a + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}
