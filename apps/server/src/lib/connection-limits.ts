import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { clientAddressKey } from './client-address.js';

/** File handles kept out of the connection budget: log files, pictures, PGlite's files, spare. */
const RESERVED_FILE_HANDLES = 256;
const WARN_EVERY_MS = 10_000;

/** The soft limit on open files (`ulimit -n`), where the system says. */
export function openFileLimit(): number | undefined {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Without a configured bound, as many connections as the open-file limit allows once the
 * database pool and the server's own files have room: past it, accept() and the database
 * would both fail with EMFILE.
 */
export function defaultMaxConnections(databasePoolSize: number, fileLimit: number | undefined): number | undefined {
  if (fileLimit === undefined) return undefined;
  return Math.max(16, fileLimit - RESERVED_FILE_HANDLES - databasePoolSize);
}

function throttled(log: (message: string) => void) {
  let last = -Infinity;
  let skipped = 0;
  return (message: string) => {
    const now = performance.now();
    if (now - last < WARN_EVERY_MS) {
      skipped++;
      return;
    }
    log(skipped ? `${message} (and ${skipped} more since the last warning)` : message);
    last = now;
    skipped = 0;
  };
}

export interface ConnectionLimits {
  /** 0: no cap. */
  perAddress: number;
  total: number | undefined;
}

/**
 * Closes a connection at once when its address already holds `perAddress` open connections or
 * the server holds `total`, so one client cannot take every file handle the process has.
 */
export function limitConnections(server: Server, limits: ConnectionLimits, log: FastifyBaseLogger): void {
  if (limits.total !== undefined) {
    server.maxConnections = limits.total;
    const warnFull = throttled((m) => log.warn(m));
    server.on('drop', () => warnFull(`refused a connection: ${limits.total} connections are open`));
  }
  if (limits.perAddress === 0) return;
  const open = new Map<string, number>();
  const warnAddress = throttled((m) => log.warn(m));
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const key = clientAddressKey(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      warnAddress(`refused a connection from ${key}: it already holds ${limits.perAddress}`);
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = open.get(key)! - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
