/**
 * Child processes and clean-up: everything the bench starts is registered here, so an error, Ctrl-C or
 * SIGTERM stops it (gracefully first, then SIGKILL), and nothing outlives the bench.
 */
import { type ChildProcess, execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

type CleanupFn = () => Promise<void> | void;

const cleanups: { name: string; fn: CleanupFn }[] = [];
/** Processes (pid, and whether it leads its own process group) to SIGKILL if the bench exits abruptly. */
const tracked = new Map<number, { group: boolean }>();
let cleaning: Promise<void> | null = null;
let aborted = false;

/** Registers a clean-up step (run last-in first-out); returns a function that unregisters it. */
export function onCleanup(name: string, fn: CleanupFn): () => void {
  const entry = { name, fn };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/**
 * Runs every registered clean-up once (concurrent callers share the same run). A later call runs those
 * registered since: `npm run bench` calls it after each bench, and each bench registers its own app.
 */
export function runCleanups(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const { name, fn } = cleanups.pop()!;
      try {
        await withTimeout(Promise.resolve(fn()), 60_000, `clean-up "${name}"`);
      } catch (err) {
        process.stderr.write(`bench: clean-up "${name}" failed: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
  })().finally(() => {
    cleaning = null;
  });
  return cleaning;
}

export function wasAborted(): boolean {
  return aborted;
}

/** Ctrl-C / SIGTERM: clean up and exit 130; a second signal kills the children at once. */
export function installSignalHandlers(): void {
  const handler = (signal: NodeJS.Signals) => {
    if (aborted) {
      process.stderr.write(`\nbench: ${signal} again, killing children now\n`);
      killTrackedNow();
      process.exit(130);
    }
    aborted = true;
    process.stderr.write(`\nbench: ${signal} received, stopping children and cleaning up (again to force)\n`);
    void runCleanups().finally(() => process.exit(130));
  };
  const fatal = (err: unknown) => {
    process.stderr.write(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    if (aborted) return; // already cleaning up
    aborted = true;
    void runCleanups().finally(() => process.exit(1));
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  process.on('SIGHUP', handler);
  // Last line of defence (uncaught error, process.exit): nothing we started may survive us.
  process.on('exit', killTrackedNow);
}

function killTrackedNow() {
  for (const [pid, { group }] of tracked) {
    try {
      process.kill(group ? -pid : pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  tracked.clear();
}

/** Spawns a tracked child. `detached` puts it in its own process group (Ctrl-C then reaches only us). */
export function spawnTracked(command: string, args: string[], options: SpawnOptions & { detached?: boolean }): ChildProcess {
  const child = spawn(command, args, options);
  if (child.pid !== undefined) {
    const pid = child.pid;
    tracked.set(pid, { group: options.detached === true });
    child.once('exit', () => tracked.delete(pid));
  }
  return child;
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Resolves with the exit code (or signal) when the child exits, or null after `ms`. */
export function waitExit(child: ChildProcess, ms: number): Promise<number | string | null> {
  if (!isRunning(child)) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(null);
    }, ms);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    };
    child.once('exit', onExit);
  });
}

/**
 * Sends `signal`, waits up to `graceMs`, then SIGKILLs the child (its whole process group when it was
 * started detached). Returns how it ended.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number, group: boolean): Promise<'graceful' | 'killed' | 'not-running'> {
  if (!isRunning(child) || child.pid === undefined) return 'not-running';
  try {
    child.kill(signal);
  } catch {
    // raced with its exit
  }
  if ((await waitExit(child, graceMs)) !== null) return 'graceful';
  try {
    process.kill(group ? -child.pid : child.pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  await waitExit(child, 5_000);
  return 'killed';
}

/**
 * A PostgreSQL postmaster left running in `pgDir` (its parent was killed): stop it (fast shutdown, then
 * SIGKILL). Only ever called on data directories the bench created.
 */
export async function stopLeftoverPostmaster(pgDir: string): Promise<boolean> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return false;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  return true;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Keeps the last `max` lines a stream produced (for error reports). */
export function tailBuffer(max = 80) {
  const lines: string[] = [];
  let partial = '';
  return {
    push(chunk: Buffer | string) {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length > max) lines.splice(0, lines.length - max);
    },
    text() {
      return [...lines, partial].filter((l) => l.length > 0).join('\n');
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${Math.round(ms / 1000)} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `id -u/-g <user>`, or null when the user does not exist. */
export function userIds(user: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}
