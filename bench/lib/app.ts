/** The app under test: `node services/dist/main.js` as a child process on the embedded PostgreSQL default. */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { embeddedUrl } from './postgres.ts';
import { freePort, isRunning, onCleanup, sleep, spawnTracked, stopChild, stopLeftoverPostmaster, tailBuffer, wasAborted } from './processes.ts';

export interface AppHandle {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  databaseUrl: string;
  child: ChildProcess;
  startupSeconds: number;
  /** SIGTERM (the app drains and stops its PostgreSQL), SIGKILL after the grace period. */
  stop(): Promise<'graceful' | 'killed' | 'not-running'>;
  logTail(): string;
}

/**
 * The Node flags `npm start` and the Dockerfile give the app (test-support/node-flags.unit.spec.ts keeps the three
 * the same): the bench measures what they run.
 */
export const APP_NODE_FLAGS = ['--max-semi-space-size=32'] as const;

/** The admin account every bench app starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1234' } as const;

export async function startApp(options: {
  root: string;
  dataDir: string;
  port: number;
  pgPort: number;
  timeoutMs?: number;
  /** Extra environment for the app (e.g. throttle settings), applied last. */
  env?: Record<string, string>;
}): Promise<AppHandle> {
  const { root, dataDir, port, pgPort } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: process.env.BENCH_APP_LOG_LEVEL ?? 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED: '0',
    // The load generator posts every booking from 127.0.0.1: the per-IP rate limit would measure itself.
    RATE_LIMIT_PUBLIC_MAX: '0',
  };
  // The embedded default: no external database, event store or Redis (options.env may still set ROLE).
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  delete env.REDIS_URL;
  delete env.ROLE;
  Object.assign(env, options.env);

  const log = tailBuffer(120);
  const started = performance.now();
  // Own process group: a Ctrl-C on the terminal reaches only the bench, which then stops the app in order.
  const child = spawnTracked(process.execPath, [...APP_NODE_FLAGS, path.join(root, 'services/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (c: Buffer) => log.push(c));
  child.stderr?.on('data', (c: Buffer) => log.push(c));

  let stopping = false;
  let ready = false;
  child.once('exit', (code, signal) => {
    if (stopping || !ready) return;
    const why =
      code === 0
        ? 'exit code 0, i.e. a graceful drain: something outside the bench sent it SIGTERM/SIGINT'
        : signal
          ? `killed by ${signal} from outside the bench`
          : `exit code ${code}: it crashed`;
    process.stderr.write(`\nbench: the app (pid ${child.pid}) exited while the bench was running (${why})\n--- app output (last lines) ---\n${log.text() || '(none)'}\n---\n`);
  });
  const stop = async () => {
    stopping = true;
    const how = await stopChild(child, 'SIGTERM', 30_000, true);
    // If it had to be killed, its PostgreSQL may still be running.
    await stopLeftoverPostmaster(path.join(dataDir, 'pg'));
    return how;
  };
  const unregister = onCleanup('app', async () => {
    await stop();
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (!isRunning(child)) {
      unregister();
      await stopLeftoverPostmaster(path.join(dataDir, 'pg'));
      throw new Error(`the app exited during start-up (code ${child.exitCode ?? child.signalCode})\n--- app output ---\n${log.text()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) {
        ready = true;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      unregister();
      throw new Error(`the app did not answer 200 on /healthz within ${Math.round((options.timeoutMs ?? 120_000) / 1000)} s\n--- app output ---\n${log.text()}`);
    }
    await sleep(200);
  }

  return {
    baseUrl,
    databaseUrl: embeddedUrl(pgPort),
    child,
    startupSeconds: (performance.now() - started) / 1000,
    async stop() {
      const how = await stop();
      unregister();
      return how;
    },
    logTail: () => log.text(),
  };
}

/** `20261121-101500` for a run started at `date` (names the run's data directory). */
export const benchStamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/**
 * One bench run's app: a fresh `.data/<name>-<stamp>` directory (removed at the end unless `keepData`), two
 * free ports, and the app started on them.
 */
export async function startBenchApp(options: {
  root: string;
  name: string;
  stamp: string;
  keepData?: boolean;
  env?: Record<string, string>;
}): Promise<{ app: AppHandle; dataDir: string; pgPort: number }> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const dataDir = path.join(options.root, '.data', `${options.name}-${options.stamp}`);
  mkdirSync(dataDir, { recursive: true });
  if (!options.keepData) onCleanup('data dir', () => rmSync(dataDir, { recursive: true, force: true }));
  else log(`bench: keeping ${dataDir}`);
  const port = await freePort();
  let pgPort = await freePort();
  while (pgPort === port) pgPort = await freePort();
  const extra = Object.entries(options.env ?? {}).map(([k, v]) => `, ${k}=${v}`).join('');
  log(`bench: starting the app (PORT=${port}, EMBEDDED_PG_PORT=${pgPort}, DATA_DIR=${path.relative(options.root, dataDir)}${extra})`);
  const app = await startApp({ root: options.root, dataDir, port, pgPort, ...(options.env ? { env: options.env } : {}) });
  log(`bench: app healthy after ${app.startupSeconds.toFixed(1)} s`);
  return { app, dataDir, pgPort };
}

/** Runs the measurements; a failure carries the app's last lines of output (unless the run was interrupted). */
export async function withAppOutput<T>(app: AppHandle, measure: () => Promise<T>): Promise<T> {
  try {
    return await measure();
  } catch (err) {
    if (wasAborted()) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`${message}\n--- app output (last lines) ---\n${app.logTail() || '(none)'}`, { cause: err });
  }
}
