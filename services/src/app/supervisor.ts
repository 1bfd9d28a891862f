/**
 * `npm start` with APP_PROCESSES=split (the default): the process that runs the api role (it started the
 * embedded PostgreSQL, or uses DATABASE_URL, and migrated) forks one child per other role, `projector` and
 * `worker`, from the same main.js with ROLE=<role> and DATABASE_URL of that cluster. Separate processes
 * because on one event loop the projections wait behind HTTP and mail work (issue 17: 1,149 → 1,355
 * bookings/s, lag p99 at half load 282 → 84 ms, docs/PERFORMANCE.md).
 *
 * The children write to the same stdout/stderr, tell the parent over IPC when they are ready (/healthz
 * reports them), are restarted with backoff when they die, stop when told to (SIGTERM: they drain), and stop
 * by themselves when the parent goes away (the IPC channel closes; see followParent).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';

export type ChildRole = 'projector' | 'worker';
export const CHILD_ROLES: readonly ChildRole[] = ['projector', 'worker'];

/** Set in a supervised child's environment: its role (main.ts then reports readiness and follows the parent). */
export const SUPERVISED_ENV = 'CRM_SUPERVISED_ROLE';

/** What a child sends its parent once every role it runs is ready. */
interface ReadyMessage {
  type: 'ready';
  role: ChildRole;
}

const isReadyMessage = (m: unknown): m is ReadyMessage => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'ready';

export interface SupervisorOptions {
  /** The script to fork (main.js). */
  script: string;
  databaseUrl: string;
  log: Logger;
  env?: NodeJS.ProcessEnv;
  roles?: readonly ChildRole[];
  /** Restart delays: the first, doubled on each quick death up to maxMs; back to the first after a run of resetAfterMs. */
  backoff?: { initialMs: number; maxMs: number; resetAfterMs: number };
  /** How long a child may drain after SIGTERM before it is killed. */
  stopGraceMs?: number;
}

export interface Supervisor {
  /** Each child role: ready (it said so, and it has not died since). */
  readiness(): Record<ChildRole, boolean>;
  /** Resolves once every child has reported ready (the first time; a restart later does not reset it). */
  allReady(): Promise<void>;
  /** The running children's process ids by role (undefined while one is being restarted). */
  pids(): Record<ChildRole, number | undefined>;
  /** SIGTERM to every child (they drain), SIGKILL after the grace period; no restarts from then on. */
  stop(): Promise<void>;
}

interface Slot {
  role: ChildRole;
  child: ChildProcess | null;
  ready: boolean;
  startedAt: number;
  delayMs: number;
  restartTimer: NodeJS.Timeout | null;
  exited: Promise<void>;
}

export function startSupervisor(o: SupervisorOptions): Supervisor {
  const backoff = o.backoff ?? { initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 };
  const graceMs = o.stopGraceMs ?? 30_000;
  let stopping = false;
  const slots: Slot[] = (o.roles ?? CHILD_ROLES).map((role) => ({
    role,
    child: null,
    ready: false,
    startedAt: 0,
    delayMs: backoff.initialMs,
    restartTimer: null,
    exited: Promise.resolve(),
  }));

  const spawnChild = (slot: Slot) => {
    slot.restartTimer = null;
    if (stopping) return;
    const child = fork(o.script, [], {
      env: { ...(o.env ?? process.env), ROLE: slot.role, DATABASE_URL: o.databaseUrl, [SUPERVISED_ENV]: slot.role },
      // The children's pino lines go to this process's stdout/stderr as they are; the fourth channel is IPC.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    slot.child = child;
    slot.ready = false;
    slot.startedAt = Date.now();
    slot.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    o.log.info({ role: slot.role, childPid: child.pid }, 'role process started');
    child.on('message', (m) => {
      if (!isReadyMessage(m) || slot.child !== child) return;
      slot.ready = true;
      o.log.info({ role: slot.role, childPid: child.pid }, 'role process ready');
      checkAllReady();
    });
    // A failed fork (no such script, out of processes) also ends in 'exit' or is reported here only.
    child.on('error', (err) => o.log.error({ err, role: slot.role }, 'role process failed'));
    child.once('exit', (code, signal) => {
      if (slot.child !== child) return;
      slot.child = null;
      slot.ready = false;
      if (stopping) return;
      // A child that ran a while gets restarted at once-ish; one that keeps dying waits longer each time.
      if (Date.now() - slot.startedAt >= backoff.resetAfterMs) slot.delayMs = backoff.initialMs;
      const delayMs = slot.delayMs;
      slot.delayMs = Math.min(slot.delayMs * 2, backoff.maxMs);
      o.log.error({ role: slot.role, childPid: child.pid, code, signal, restartInMs: delayMs }, `the ${slot.role} process exited; restarting it`);
      slot.restartTimer = setTimeout(() => spawnChild(slot), delayMs);
    });
  };

  let markAllReady: () => void = () => {};
  const allReady = new Promise<void>((resolve) => (markAllReady = resolve));
  const checkAllReady = () => {
    if (slots.every((s) => s.ready)) markAllReady();
  };

  for (const slot of slots) spawnChild(slot);

  let stopped: Promise<void> | null = null;
  return {
    readiness: () => Object.fromEntries(slots.map((s) => [s.role, s.ready])) as Record<ChildRole, boolean>,
    allReady: () => allReady,
    pids: () => Object.fromEntries(slots.map((s) => [s.role, s.child?.pid])) as Record<ChildRole, number | undefined>,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        await Promise.all(
          slots.map(async (slot) => {
            if (slot.restartTimer) clearTimeout(slot.restartTimer);
            const child = slot.child;
            if (!child || child.exitCode !== null || child.signalCode !== null) return;
            child.kill('SIGTERM');
            const timer = setTimeout(() => {
              o.log.warn({ role: slot.role, childPid: child.pid, graceMs }, `the ${slot.role} process did not stop in time; killing it`);
              child.kill('SIGKILL');
            }, graceMs);
            await slot.exited;
            clearTimeout(timer);
          }),
        );
      })();
      return stopped;
    },
  };
}

/** In a supervised child: tells the parent this process is ready (no-op without an IPC channel). */
export function reportReady(role: ChildRole) {
  if (process.send && process.connected) process.send({ type: 'ready', role } satisfies ReadyMessage);
}

/**
 * In a supervised child: when the parent goes away (killed, crashed: the IPC channel closes) the child stops
 * too instead of running on, orphaned, against a database its parent may have taken down.
 */
export function followParent(onParentGone: () => void) {
  if (!process.send) return;
  process.once('disconnect', onParentGone);
  // The channel alone must not keep a child alive that has nothing else to do.
  process.channel?.unref();
}
