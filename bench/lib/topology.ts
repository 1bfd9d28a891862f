/**
 * The app under test in one of three topologies, all on the embedded PostgreSQL default:
 * - `all`: `node services/dist/main.js` with every role in one process (APP_PROCESSES=single; what
 *   `npm start` ran before it supervised child processes);
 * - `split`: one process per role against the same cluster, started by the bench: `ROLE=api` starts the
 *   embedded PostgreSQL (it has no DATABASE_URL) and serves HTTP; `ROLE=projector` and `ROLE=worker` get
 *   `DATABASE_URL` pointing at that cluster (as separate containers would in docker-compose.yml) and run the
 *   projections, and the reactors and jobs;
 * - `supervised`: what `npm start` runs now (APP_PROCESSES=split, the default): the same three processes,
 *   the api process forking the projector and worker itself (services/src/app/supervisor.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_NODE_FLAGS, type AppHandle, BENCH_ADMIN, startBenchApp } from './app.ts';
import { isRunning, onCleanup, spawnTracked, stopChild, tailBuffer } from './processes.ts';

export type Topology = 'all' | 'split' | 'supervised';

export const TOPOLOGY_NAMES: Record<Topology, string> = {
  all: 'one process (APP_PROCESSES=single)',
  split: 'separate processes (ROLE=api, projector, worker)',
  supervised: 'npm start: api supervising projector and worker processes',
};

export interface TopologyHandle {
  topology: Topology;
  app: AppHandle;
  dataDir: string;
  pgPort: number;
  /** The app's processes by role, for the CPU accounting (`all`: one). */
  processes: { role: string; pid: number | undefined }[];
  /** Stops the projector and worker processes first, then the api (which stops its PostgreSQL). */
  stop(): Promise<string>;
}

export async function startTopology(o: { root: string; topology: Topology; stamp: string; keepData: boolean }): Promise<TopologyHandle> {
  const name = o.topology === 'all' ? 'bench' : `bench-${o.topology}`;
  if (o.topology === 'all') {
    const { app, dataDir, pgPort } = await startBenchApp({ root: o.root, name, stamp: o.stamp, keepData: o.keepData, env: { APP_PROCESSES: 'single' } });
    return { topology: 'all', app, dataDir, pgPort, processes: [{ role: 'app (all roles)', pid: app.child.pid }], stop: () => app.stop() };
  }
  if (o.topology === 'supervised') {
    // /healthz answers 200 once the children said they are ready; the app stops them itself on SIGTERM.
    const { app, dataDir, pgPort } = await startBenchApp({ root: o.root, name, stamp: o.stamp, keepData: o.keepData, env: { APP_PROCESSES: 'split' } });
    const children = nodeChildren(app.child.pid);
    process.stderr.write(`bench: supervised role processes: ${children.map((c) => `${c.role} (pid ${c.pid})`).join(', ')}\n`);
    return { topology: 'supervised', app, dataDir, pgPort, processes: [{ role: 'api', pid: app.child.pid }, ...children], stop: () => app.stop() };
  }
  const { app, dataDir, pgPort } = await startBenchApp({ root: o.root, name, stamp: o.stamp, keepData: o.keepData, env: { ROLE: 'api' } });
  const roles: RoleProcess[] = [];
  const stopRoles = async () => {
    await Promise.all(roles.map((r) => r.stop()));
  };
  const unregister = onCleanup('role processes', stopRoles);
  try {
    roles.push(await startRole({ root: o.root, role: 'projector', databaseUrl: app.databaseUrl, dataDir, readyLine: 'projections caught up' }));
    roles.push(await startRole({ root: o.root, role: 'worker', databaseUrl: app.databaseUrl, dataDir, readyLine: 'reactor started' }));
  } catch (err) {
    await stopRoles();
    unregister();
    await app.stop();
    throw err;
  }
  return {
    topology: 'split',
    app,
    dataDir,
    pgPort,
    processes: [{ role: 'api', pid: app.child.pid }, ...roles.map((r) => ({ role: r.role, pid: r.child.pid }))],
    async stop() {
      await stopRoles();
      unregister();
      return app.stop();
    },
  };
}

/** The app's node children and their roles (ROLE in their environment), read from /proc; [] where unreadable. */
function nodeChildren(pid: number | undefined): { role: string; pid: number }[] {
  if (pid === undefined) return [];
  try {
    const ids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return ids.flatMap((id) => {
      try {
        const role = /(?:^|\0)ROLE=([a-z]+)/.exec(readFileSync(`/proc/${id}/environ`, 'utf8'))?.[1];
        return role ? [{ role, pid: id }] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

interface RoleProcess {
  role: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `ROLE=<role> node services/dist/main.js` against the api's cluster; ready once its log says `readyLine`. */
async function startRole(o: { root: string; role: 'projector' | 'worker'; databaseUrl: string; dataDir: string; readyLine: string }): Promise<RoleProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ROLE: o.role,
    DATABASE_URL: o.databaseUrl,
    DATA_DIR: o.dataDir,
    // info: the readiness line; these roles log little per event.
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED: '0',
  };
  delete env.EVENTSTORE_URL;
  delete env.REDIS_URL;
  const log = tailBuffer(120);
  const child = spawnTracked(process.execPath, [...APP_NODE_FLAGS, path.join(o.root, 'services/dist/main.js')], {
    cwd: o.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let ready = false;
  let resolveReady: () => void = () => {};
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));
  const watch = (c: Buffer) => {
    log.push(c);
    if (!ready && c.toString().includes(o.readyLine)) {
      ready = true;
      resolveReady();
    }
  };
  child.stdout?.on('data', watch);
  child.stderr?.on('data', watch);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping || !ready) return;
    process.stderr.write(`\nbench: the ${o.role} process (pid ${child.pid}) exited while the bench was running (code ${code}, signal ${signal})\n--- its output ---\n${log.text()}\n---\n`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 120_000).unref());
  const outcome = await Promise.race([readyPromise.then(() => 'ready' as const), exited.then(() => 'exited' as const), timeout]);
  const stop = async () => {
    stopping = true;
    await stopChild(child, 'SIGTERM', 30_000, true);
  };
  if (outcome !== 'ready') {
    await stop();
    throw new Error(`the ${o.role} process ${outcome === 'exited' ? `exited during start-up (code ${child.exitCode ?? child.signalCode})` : 'did not get ready within 120 s'}\n--- its output ---\n${log.text()}`);
  }
  process.stderr.write(`bench: ${o.role} process ready (pid ${child.pid})\n`);
  return { role: o.role, child, stop: async () => (isRunning(child) ? stop() : undefined) };
}
