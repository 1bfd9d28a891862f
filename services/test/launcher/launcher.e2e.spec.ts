/**
 * The launcher as people run it: `node services/dist/main.js` (built by `npm test` before the tests).
 * - Embedded default: embedded PostgreSQL under DATA_DIR, generated admin password printed once, a
 *   rebuild while the app runs, SIGTERM drains and exits 0, data survives a restart.
 * - Supervised roles (APP_PROCESSES=split, the default): the api process forks a projector and a worker
 *   process, restarts one that dies, stops them on SIGTERM, and they stop when it is killed.
 * - Scaled topology: ROLE=api, ROLE=projector and ROLE=worker as three processes on an external
 *   PostgreSQL with Redis queues.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REDIS_TEST_URL, createTestDatabase } from '../../../test-support/db.ts';
import { businessDayIn } from '../../../test-support/dates.ts';
import { freePort } from '../../../test-support/ports.ts';

const MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');
const REBUILD = path.resolve(import.meta.dirname, '../../dist/rebuild.js');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** `detached`: the child leads its own process group, which a test signals as a terminal's Ctrl+C does. */
function launch(env: Record<string, string>, options: { detached?: boolean } = {}) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does)`);
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitHealthy(baseUrl: string, proc: { output(): string }, timeoutMs = 60_000) {
  await vi.waitFor(
    async () => {
      const res = await fetch(`${baseUrl}/healthz`).catch(() => null);
      if (!res?.ok) throw new Error(`not healthy yet; output so far:\n${proc.output()}`);
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

const booking = (email: string) => ({ name: 'Launcher Test', email, meetingType: 'sales', preferredDate: businessDayIn(3), preferredTime: '15:00' });

async function post(baseUrl: string, pathName: string, body: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function listBookings(baseUrl: string, email: string, password: string) {
  const login = await post(baseUrl, '/api/admin/login', { email, password });
  expect(login.status).toBe(200);
  const res = await fetch(`${baseUrl}/api/admin/bookings`, { headers: { authorization: `Bearer ${String(login.body.token)}` } });
  const body = (await res.json()) as { bookings?: { id: string; email: string }[] };
  if (!body.bookings) throw new Error(`GET /api/admin/bookings answered ${res.status}: ${JSON.stringify(body)}`);
  return body.bookings;
}

describe('npm start on the embedded default', () => {
  it('prints a generated admin password once, drains on SIGTERM and keeps the data across a restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-launch-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };
    const baseUrl = `http://127.0.0.1:${env.PORT}`;

    const first = launch(env);
    await waitHealthy(baseUrl, first);
    const printed = /First admin created: (\S+)\s+Password \(shown once\): (\S+)/.exec(first.output());
    expect(printed, first.output()).not.toBeNull();
    const [, email, password] = printed as unknown as [string, string, string];
    const created = await post(baseUrl, '/api/bookings', booking('restart@example.com'));
    expect(created.status).toBe(201);
    const id = (created.body.booking as { id: string }).id;
    await vi.waitFor(async () => expect((await listBookings(baseUrl, email, password)).map((b) => b.id)).toContain(id), { timeout: 10_000 });
    // The confirmation mail was written as an .eml file (no SMTP_URL).
    await vi.waitFor(() => expect(readdirSync(path.join(dataDir, 'mail')).some((f) => f.endsWith('.eml'))).toBe(true), { timeout: 10_000 });

    // `npm run rebuild` while the app runs: it attaches to the app's cluster, rebuilds into a new
    // generation while the API keeps serving, swaps, and leaves the app's database running.
    const rebuild = spawn(process.execPath, [REBUILD, 'bookings'], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } });
    let rebuildOutput = '';
    rebuild.stdout.on('data', (d) => (rebuildOutput += d));
    rebuild.stderr.on('data', (d) => (rebuildOutput += d));
    expect(await new Promise((resolve) => rebuild.on('exit', resolve)), rebuildOutput).toBe(0);
    expect(rebuildOutput).toMatch(/events\/s/);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    expect((await listBookings(baseUrl, email, password)).map((b) => b.id)).toContain(id);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = launch(env);
    await waitHealthy(baseUrl, second);
    expect(second.output()).not.toMatch(/First admin created/);
    expect((await listBookings(baseUrl, email, password)).map((b) => b.id)).toContain(id);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

/** The supervised children the parent logged as started (JSON lines at LOG_LEVEL=info), latest last. */
function startedChildren(output: string): { role: string; pid: number }[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"msg":"role process started"'))
    .map((line) => JSON.parse(line) as { role: string; childPid: number })
    .map((l) => ({ role: l.role, pid: l.childPid }));
}

/** A process that exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The node processes whose parent is `pid` (the embedded PostgreSQL, also its child, excepted). */
function nodeChildren(pid: number): number[] {
  const ids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return ids.filter((id) => {
    try {
      return readFileSync(`/proc/${id}/cmdline`, 'utf8').includes('main.js');
    } catch {
      return false;
    }
  });
}

async function roles(baseUrl: string) {
  const res = await fetch(`${baseUrl}/healthz`);
  return { status: res.status, roles: ((await res.json()) as { roles: Record<string, boolean> }).roles };
}

describe('npm start supervises the projector and worker roles as child processes (APP_PROCESSES=split)', () => {
  it('runs three processes, carries a booking through them, restarts a killed child, and SIGTERM leaves none', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-supervised-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const admin = { email: 'supervised-admin@example.com', password: 'a-long-supervised-password' };
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info', SEED: '0', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    const baseUrl = `http://127.0.0.1:${env.PORT}`;
    const proc = launch(env);
    await waitHealthy(baseUrl, proc);
    const parent = proc.child.pid!;

    // Three processes: the api (this one) and its two children, each ready (/healthz answers 200 only then).
    expect(await roles(baseUrl)).toEqual({ status: 200, roles: { api: true, projector: true, worker: true } });
    const first = startedChildren(proc.output());
    expect(first.map((c) => c.role).sort()).toEqual(['projector', 'worker']);
    expect(nodeChildren(parent).sort()).toEqual(first.map((c) => c.pid).sort());
    // "CRM platform ready" is printed only after both children said they were ready.
    await vi.waitFor(() => expect(proc.output()).toContain('CRM platform ready on'), { timeout: 5_000, interval: 100 });
    const readyLine = proc.output().indexOf('CRM platform ready on');
    for (const role of ['projector', 'worker']) {
      const childReady = proc.output().search(new RegExp(`"role":"${role}"[^\\n]*"msg":"role process ready"`));
      expect(childReady, proc.output()).toBeGreaterThanOrEqual(0);
      expect(childReady, proc.output()).toBeLessThan(readyLine);
    }

    const created = await post(baseUrl, '/api/bookings', booking('supervised@example.com'));
    expect(created.status).toBe(201);
    const id = (created.body.booking as { id: string }).id;
    await vi.waitFor(async () => expect((await listBookings(baseUrl, admin.email, admin.password)).map((b) => b.id), proc.output()).toContain(id), { timeout: 15_000, interval: 200 });
    await vi.waitFor(() => expect(existsSync(path.join(dataDir, 'mail')) && readdirSync(path.join(dataDir, 'mail')).some((f) => f.endsWith('.eml')), proc.output()).toBe(true), {
      timeout: 15_000,
      interval: 200,
    });

    // A projector killed outright is logged and started again; /healthz reports it until it is ready again.
    const projector = first.find((c) => c.role === 'projector')!.pid;
    process.kill(projector, 'SIGKILL');
    await vi.waitFor(() => expect(startedChildren(proc.output()).filter((c) => c.role === 'projector').length, proc.output()).toBe(2), { timeout: 15_000, interval: 100 });
    expect(proc.output()).toMatch(/"signal":"SIGKILL".*"msg":"the projector process exited; restarting it"/);
    await waitHealthy(baseUrl, proc, 30_000);
    const second = startedChildren(proc.output());
    const restarted = second.filter((c) => c.role === 'projector').at(-1)!.pid;
    expect(restarted).not.toBe(projector);
    expect(nodeChildren(parent).sort()).toEqual([restarted, first.find((c) => c.role === 'worker')!.pid].sort());
    // The restarted projector projects: a second booking reaches the read model.
    const again = await post(baseUrl, '/api/bookings', booking('supervised-2@example.com'));
    expect(again.status).toBe(201);
    const id2 = (again.body.booking as { id: string }).id;
    await vi.waitFor(async () => expect((await listBookings(baseUrl, admin.email, admin.password)).map((b) => b.id), proc.output()).toContain(id2), { timeout: 15_000, interval: 200 });

    // SIGTERM: the children drain and exit first, then the api and its PostgreSQL; nothing is left running.
    proc.child.kill('SIGTERM');
    expect(await exitWithin(proc, 30_000), proc.output()).toBe(0);
    for (const c of second) expect(alive(c.pid), `${c.role} ${c.pid}`).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(proc.output()).not.toMatch(/did not stop in time/);
  }, 120_000);

  it('stops the children when the api process is killed (their IPC channel closes)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-orphans-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info', SEED: '0' };
    const proc = launch(env);
    await waitHealthy(`http://127.0.0.1:${env.PORT}`, proc);
    const kids = startedChildren(proc.output());
    expect(kids).toHaveLength(2);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    // The killed parent cannot stop its PostgreSQL: this test does, by the pid it wrote.
    cleanups.push(() => {
      if (alive(postmaster)) process.kill(postmaster, 'SIGQUIT');
    });

    proc.child.kill('SIGKILL');
    await vi.waitFor(() => expect(kids.filter((c) => alive(c.pid)), proc.output()).toEqual([]), { timeout: 30_000, interval: 200 });
  }, 60_000);

  it('APP_PROCESSES=single runs every role in the one process', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-single-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info', SEED: '0', APP_PROCESSES: 'single' };
    const baseUrl = `http://127.0.0.1:${env.PORT}`;
    const proc = launch(env);
    await waitHealthy(baseUrl, proc);
    expect(await roles(baseUrl)).toEqual({ status: 200, roles: { api: true, projector: true, worker: true } });
    expect(nodeChildren(proc.child.pid!)).toEqual([]);
    expect(startedChildren(proc.output())).toEqual([]);
    proc.child.kill('SIGTERM');
    expect(await exitWithin(proc, 30_000), proc.output()).toBe(0);
  }, 60_000);
});

/** The exit code, or 'timeout' when the process is still running after `ms`. */
function exitWithin(proc: { exited: Promise<number | null> }, ms: number): Promise<number | null | 'timeout'> {
  return Promise.race([proc.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref())]);
}

describe('npm start when the embedded PostgreSQL cannot start, and Ctrl+C', () => {
  it('says that the embedded PostgreSQL port is taken and how to fix it, and exits non-zero', async () => {
    const pgPort = await freePort();
    // Any program on the port: a plain TCP listener holds it as another PostgreSQL would.
    const blocker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(pgPort, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-port-taken-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const proc = launch({ DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(pgPort) });
    const code = await exitWithin(proc, 30_000);
    expect(code, proc.output()).not.toBe('timeout');
    expect(code, proc.output()).not.toBe(0);
    const output = proc.output();
    expect(output).toContain(`port ${pgPort}`);
    expect(output).toContain('already in use');
    expect(output).toContain('EMBEDDED_PG_PORT');
    expect(output).not.toMatch(/^undefined$/m);
  }, 60_000);

  it('stops cleanly on Ctrl+C (SIGINT to the whole process group): exit 0 and no error-level log line', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-ctrl-c-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info' };
    const proc = launch(env, { detached: true });
    await waitHealthy(`http://127.0.0.1:${env.PORT}`, proc);

    // A terminal's Ctrl+C signals the foreground process group: the app and anything it started in that group.
    process.kill(-proc.child.pid!, 'SIGINT');
    const code = await exitWithin(proc, 30_000);
    expect(code, proc.output()).toBe(0);
    expect(proc.output()).toMatch(/"msg":"draining"/);
    expect(proc.output()).not.toMatch(/"level":(50|60)/);
    // The embedded PostgreSQL stopped with it (its lock file is gone).
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});

describe('scaled topology: one process per role, external PostgreSQL, Redis queues', () => {
  it('carries a booking from the api process through the projector and worker processes', async () => {
    const db = await createTestDatabase('external');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crm-roles-'));
    cleanups.push(() => db.drop());
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const admin = { email: 'roles-admin@example.com', password: 'a-long-roles-password' };
    const port = await freePort();
    const common = { DATABASE_URL: db.url, REDIS_URL: REDIS_TEST_URL, DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    const api = launch({ ...common, ROLE: 'api', PORT: String(port) });
    const projector = launch({ ...common, ROLE: 'projector' });
    const worker = launch({ ...common, ROLE: 'worker' });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitHealthy(baseUrl, api);

    // On failure, show what each role printed.
    const outputs = () => [api, projector, worker].map((p, i) => `--- ${['api', 'projector', 'worker'][i]} ---\n${p.output()}`).join('\n');
    const email = `roles-${Date.now()}@example.com`;
    const created = await post(baseUrl, '/api/bookings', booking(email));
    expect(created.status).toBe(201);
    const id = (created.body.booking as { id: string }).id;
    await vi.waitFor(async () => expect((await listBookings(baseUrl, admin.email, admin.password)).map((b) => b.id), outputs()).toContain(id), {
      timeout: 20_000,
      interval: 200,
    });
    await vi.waitFor(() => expect(existsSync(path.join(dataDir, 'mail')) && readdirSync(path.join(dataDir, 'mail')).some((f) => f.endsWith('.eml')), outputs()).toBe(true), {
      timeout: 20_000,
      interval: 200,
    });

    for (const proc of [api, projector, worker]) proc.child.kill('SIGTERM');
    expect(await Promise.all([api.exited, projector.exited, worker.exited])).toEqual([0, 0, 0]);
  }, 120_000);
});
