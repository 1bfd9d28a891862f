/**
 * The identity bench, in one run against one fresh embedded PostgreSQL:
 *  1. start the app with login throttling set out of the way (every request comes from 127.0.0.1);
 *  2. the raw cost of Argon2id: `verifyPassword` in this process, one at a time and many at once;
 *  3. POST /api/admin/login with right passwords at several connection counts (many accounts, round robin);
 *  4. failed logins: unknown e-mail vs known e-mail + wrong password, interleaved, one at a time;
 *  5. authenticated request overhead: GET /healthz (no auth) vs tRPC auth.me vs GET /api/admin/users?pageSize=1;
 *  6. login history at scale: N attempts appended through es_append, projector catch-up, viewer queries,
 *     the streamed CSV export with the app's peak RSS;
 *  7. stop the app, rebuild the login_history projection with the rebuild CLI.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loginEventSchemas } from '@crm/contracts';
import { projections } from '@crm/projections';
import { createAccounts } from '../services/src/identity/accounts.ts';
import { hashPassword, verifyPassword } from '../services/src/identity/password.ts';
import { PostgresEventStore } from '../services/src/eventstore/postgres-event-store.ts';
import { gitRevision } from './bookings.bench.ts';
import { BENCH_ADMIN, benchStamp, startBenchApp, withAppOutput } from './lib/app.ts';
import { type HttpLoadResult, type LatencyStats, latencyStats, runClosedLoop, runHttpLoad, sampleSequential } from './lib/http-load.ts';
import { SEED_BATCH, type SeedResult, seedLoginEvents } from './lib/login-events.ts';
import { ForeignCpuMonitor, type MachineInfo, cpuBusy, machineInfo } from './lib/machine.ts';
import { startOwnPostgres } from './lib/postgres.ts';
import { onCleanup, sleep, wasAborted } from './lib/processes.ts';
import { measureStreamedExport } from './lib/export-memory.ts';
import { createProgress } from './lib/progress.ts';
import { type RebuildRun, runRebuildCli } from './lib/rebuild.ts';
import { int, ms } from './lib/stats.ts';

export interface IdentityBenchOptions {
  root: string;
  loginConnections: number[];
  seconds: number;
  warmupSeconds: number;
  loginEvents: number;
  accounts: number;
  catchUpTimeoutSeconds: number;
  keepData: boolean;
  commandLine: string;
}

/** Settings the app is started with so the bench does not measure the throttle (README, Configuration). */
export const BENCH_THROTTLE_ENV = {
  LOGIN_FREE_ATTEMPTS: '1000',
  LOGIN_IP_FREE_ATTEMPTS: '100000',
  RATE_LIMIT_PUBLIC_MAX: '0',
} as const;

const BENCH_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ACCOUNT_PASSWORD = 'bench-login-password-1234';

export interface QueryReport extends LatencyStats {
  label: string;
  path: string;
  /** Rows the query matched (the response's `total`). */
  total: number;
}

export interface IdentityReport {
  date: Date;
  commandLine: string;
  revision: string;
  machine: MachineInfo;
  loadAverage: { before: number; cpuBusyBefore: number };
  foreignCpu: Record<string, number>;
  benchCpu: Record<string, number>;
  appStartupSeconds: number;
  throttleEnv: Record<string, string>;
  accounts: { count: number; seconds: number };
  argon: {
    /** One verify at a time, in this process. */
    sequential: LatencyStats;
    /** `concurrency` verifies in flight for `seconds`: verifies/s. */
    parallel: { concurrency: number; seconds: number; verifies: number; perSec: number };
    threadpool: string;
  };
  warmup: { seconds: number; connections: number; ok: number };
  /** One source address per connection (127.0.0.10, .11, …): many clients. */
  logins: HttpLoadResult[];
  /**
   * PostgreSQL commits per successful login during the 1-connection run (pg_stat_database), after taking off
   * the background rate (queue polling, projector, timers) measured while idle just before.
   */
  commitsPerLogin: number | null;
  backgroundCommitsPerSec: number | null;
  /** The most connections again, all from 127.0.0.1: one busy address (an office NAT, or a proxy the app does not trust). */
  loginsOneAddress: HttpLoadResult | null;
  failed: {
    pairs: number;
    unknown: LatencyStats;
    known: LatencyStats;
    statuses: { unknown: Record<string, number>; known: Record<string, number> };
    sameBody: boolean;
  };
  authenticated: HttpLoadResult[];
  /** The detector's per-address read after the login runs (every bench request comes from 127.0.0.1). */
  detector: { attemptsFromBenchIp: number; queryMs: number };
  history: {
    seed: SeedResult;
    catchUp: {
      seconds: number;
      sinceLastAppendSeconds: number;
      rows: number;
      expectedRows: number;
      ok: boolean;
      /**
       * When every projection that applies no login event had the head checkpoint (s after the last append; null:
       * not within the wait) and the login_history rows then. login_history catches up mostly after that moment:
       * until then each of those ~20 projections reads and decodes every seeded event on its own, on the same
       * projector.
       */
      othersAtHead: { sinceLastAppendSeconds: number; rows: number; projections: number } | null;
    };
    queries: QueryReport[];
    export: {
      seconds: number;
      firstByteMs: number;
      rows: number;
      expectedRows: number;
      bytes: number;
      rssBeforeMb: number;
      rssPeakMb: number;
      /** Highest RSS seen while the first quarter of the rows arrived (flat: close to the peak). */
      rssFirstQuarterMb: number;
      rssAfterMb: number;
      /** Peak RSS from the kernel (VmHWM after resetting it), when /proc/<pid>/clear_refs allowed it. */
      hwmPeakMb: number | null;
      samples: number;
    } | null;
  };
  rebuild:
    | { status: 'skipped' }
    | { status: 'failed'; error: string }
    | { status: 'done'; run: RebuildRun; rowsAfter: number; rowsExpected: number };
}

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function runIdentityBench(o: IdentityBenchOptions): Promise<IdentityReport> {
  const date = new Date();
  const revision = gitRevision(o.root);
  const loadBefore = os.loadavg()[0]!;
  const cpuBusyBefore = await cpuBusy(2000);
  const monitor = new ForeignCpuMonitor();
  monitor.start('setup');
  onCleanup('cpu monitor', () => monitor.stop());
  const stamp = benchStamp(date);
  const runTag = `b${stamp.replace('-', '')}`;
  const { app, dataDir, pgPort } = await startBenchApp({ root: o.root, name: 'bench-identity', stamp, keepData: o.keepData, env: { ...BENCH_THROTTLE_ENV } });
  return withAppOutput(app, measure);

  async function measure(): Promise<IdentityReport> {
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    pool.on('error', () => {});
    const store = new PostgresEventStore(pool, app.databaseUrl);
    let poolEnded = false;
    const endPool = async () => {
      if (poolEnded) return;
      poolEnded = true;
      await store.close().catch(() => {});
      await pool.end().catch(() => {});
    };
    const unregisterPool = onCleanup('bench pool', endPool);
    const machine = await machineInfo(pool);
    const base = app.baseUrl;

    // 1. Accounts: approved, active `user` accounts made with the app's own accounts module.
    log(`bench: creating ${o.accounts} accounts`);
    const accountsStarted = performance.now();
    const accounts = createAccounts({ pool, store });
    const emails = Array.from({ length: o.accounts }, (_, i) => `login-${i}@${runTag}.example.com`);
    const progress = createProgress('create accounts', o.accounts, 'accounts');
    let made = 0;
    for (let i = 0; i < emails.length; i += 8) {
      await Promise.all(
        emails.slice(i, i + 8).map((email, k) =>
          accounts.create(
            { name: `Bench Login ${i + k}`, email, password: ACCOUNT_PASSWORD, userType: 'user', approved: true },
            { now: new Date(), userId: null, metadata: { correlationId: `bench-identity-${runTag}`, causationId: null, userId: null } },
          ),
        ),
      );
      made = Math.min(emails.length, i + 8);
      progress.update(made);
    }
    progress.stop();
    await pool.query(`SELECT pg_notify('es_events', '')`);
    const accountsSeconds = (performance.now() - accountsStarted) / 1000;

    // 2. Argon2id in this process: the deliberate cost of one login.
    monitor.mark('argon');
    log('bench: verifyPassword in-process (Argon2id, memoryCost 19456 KiB, timeCost 2, parallelism 1)');
    const hash = await hashPassword(ACCOUNT_PASSWORD);
    const sequential = latencyStats(
      await sampleSequential(40, 3, async () => {
        if (!(await verifyPassword(hash, ACCOUNT_PASSWORD))) throw new Error('verifyPassword returned false for the right password');
      }),
    );
    const concurrency = 16;
    const parallelSeconds = Math.min(5, o.seconds);
    let verifies = 0;
    const parStarted = performance.now();
    const deadline = parStarted + parallelSeconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          await verifyPassword(hash, ACCOUNT_PASSWORD);
          verifies++;
        }
      }),
    );
    const parElapsed = (performance.now() - parStarted) / 1000;
    const argon = {
      sequential,
      parallel: { concurrency, seconds: parElapsed, verifies, perSec: verifies / parElapsed },
      threadpool: `UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
    };
    log(`bench: verifyPassword p50 ${ms(sequential.p50)} ms one at a time; ${int(argon.parallel.perSec)} verifies/s with ${concurrency} in flight`);

    // 3. Logins with the right password, accounts in rotation (none is in flight twice at once).
    monitor.mark('logins');
    let next = 0;
    const loginBody = () => JSON.stringify({ email: emails[next++ % emails.length], password: ACCOUNT_PASSWORD });
    const loginHeaders = { 'content-type': 'application/json', 'user-agent': BENCH_UA };
    const sourceAddress = (k: number) => `127.0.0.${10 + (k % 240)}`;
    let warmup = { seconds: 0, connections: 4, ok: 0 };
    if (o.warmupSeconds > 0) {
      const w = await runClosedLoop({
        baseUrl: base,
        label: 'warm-up logins (4 conn)',
        connections: 4,
        seconds: o.warmupSeconds,
        method: 'POST',
        path: '/api/admin/login',
        headers: loginHeaders,
        nextBody: loginBody,
        localAddress: sourceAddress,
      });
      warmup = { seconds: w.seconds, connections: 4, ok: w.ok };
    }
    const logins: HttpLoadResult[] = [];
    const runLogins = async (connections: number, oneAddress: boolean) => {
      const r = await runClosedLoop({
        baseUrl: base,
        label: `POST /api/admin/login ×${connections}${oneAddress ? ' (one address)' : ''}`,
        connections,
        seconds: o.seconds,
        method: 'POST',
        path: '/api/admin/login',
        headers: loginHeaders,
        nextBody: loginBody,
        ...(oneAddress ? {} : { localAddress: sourceAddress }),
      });
      log(
        `bench: ${r.label}: ${r.okPerSec.toFixed(1)} logins/s, p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms, p99 ${ms(r.p99)} ms, non-2xx ${r.non2xx}, errors ${r.errors}` +
          (r.sampleFailures.length ? `\n  e.g. ${r.sampleFailures.slice(0, 2).join('\n  e.g. ')}` : ''),
      );
      return r;
    };
    const commits = async () => {
      await sleep(1500); // backends report their counters at most once a second
      const n = Number((await pool.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);
      return { n, at: performance.now() };
    };
    let commitsPerLogin: number | null = null;
    let backgroundCommitsPerSec: number | null = null;
    for (const connections of o.loginConnections) {
      if (connections === 1) {
        const idle0 = await commits();
        await sleep(3000);
        const idle1 = await commits();
        backgroundCommitsPerSec = (idle1.n - idle0.n) / ((idle1.at - idle0.at) / 1000);
        const r = await runLogins(connections, false);
        const after = await commits();
        if (r.ok > 0) commitsPerLogin = (after.n - idle1.n - backgroundCommitsPerSec * ((after.at - idle1.at) / 1000)) / r.ok;
        logins.push(r);
      } else logins.push(await runLogins(connections, false));
    }
    const most = Math.max(...o.loginConnections);
    const loginsOneAddress = most > 1 ? await runLogins(most, true) : null;

    // The detector reads the recent attempts of the e-mail OR the address: from one address, that is many.
    const detectorProbe = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_attempt WHERE ip = '127.0.0.1' AND at >= now() - interval '1 hour'`);
    const dq = performance.now();
    await pool.query(
      `SELECT email_key, ip, succeeded, counted_failure, at FROM login_attempt WHERE (email_key = $1 OR ip = $2) AND at >= $3 ORDER BY at LIMIT 5000`,
      [emails[0], '127.0.0.1', new Date(Date.now() - 3_600_000)],
    );
    const detector = { attemptsFromBenchIp: detectorProbe.rows[0]!.n, queryMs: performance.now() - dq };

    // 4. Failed logins: unknown e-mail vs a known e-mail with a wrong password, interleaved one at a time.
    monitor.mark('failed');
    const pairs = Math.max(30, Math.round(o.seconds / Math.max(0.01, (2 * sequential.p50) / 1000)));
    log(`bench: ${pairs} pairs of failed logins (unknown e-mail / wrong password), one request at a time`);
    const unknownTimes: number[] = [];
    const knownTimes: number[] = [];
    const statuses = { unknown: {} as Record<string, number>, known: {} as Record<string, number> };
    const bodies = new Set<string>();
    const failProgress = createProgress('failed logins', pairs, 'pairs');
    const attempt = async (kind: 'unknown' | 'known', i: number) => {
      const email = kind === 'unknown' ? `nobody-${i}@${runTag}.example.net` : emails[i % emails.length]!;
      const t = performance.now();
      const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: loginHeaders, body: JSON.stringify({ email, password: 'not-the-password-42' }) });
      const text = await res.text();
      const elapsed = performance.now() - t;
      if (i >= 0) {
        (kind === 'unknown' ? unknownTimes : knownTimes).push(elapsed);
        statuses[kind][res.status] = (statuses[kind][res.status] ?? 0) + 1;
        bodies.add(text);
      }
    };
    for (let i = -4; i < pairs; i++) {
      // Alternate which goes first, so neither kind always follows the other.
      if (i % 2 === 0) {
        await attempt('unknown', i);
        await attempt('known', i);
      } else {
        await attempt('known', i);
        await attempt('unknown', i);
      }
      if (i >= 0) failProgress.update(i + 1);
    }
    failProgress.stop();
    const failed = { pairs, unknown: latencyStats(unknownTimes), known: latencyStats(knownTimes), statuses, sameBody: bodies.size === 1 };
    log(`bench: failed login p50 unknown e-mail ${ms(failed.unknown.p50)} ms, known e-mail ${ms(failed.known.p50)} ms; identical bodies: ${failed.sameBody}`);

    // 5. Authenticated requests (the admin's bearer token).
    monitor.mark('authenticated');
    const adminLogin = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: loginHeaders, body: JSON.stringify(BENCH_ADMIN) });
    const adminBody = (await adminLogin.json()) as { token?: string };
    if (!adminLogin.ok || !adminBody.token) throw new Error(`admin login failed: ${adminLogin.status} ${JSON.stringify(adminBody)}`);
    const bearer = { authorization: `Bearer ${adminBody.token}` };
    const me = await fetch(`${base}/trpc/auth.me`, { headers: bearer });
    const meText = await me.text();
    if (!me.ok || !meText.includes(BENCH_ADMIN.email)) throw new Error(`tRPC auth.me with the bearer token did not return the admin: ${me.status} ${meText.slice(0, 300)}`);
    const authenticated: HttpLoadResult[] = [];
    const authTargets = [
      { label: 'GET /healthz (no auth)', path: '/healthz', headers: {} },
      { label: 'tRPC auth.me (bearer)', path: '/trpc/auth.me', headers: bearer },
      { label: 'GET /api/admin/users?pageSize=1 (bearer)', path: '/api/admin/users?pageSize=1', headers: bearer },
    ];
    const authSeconds = Math.max(2, Math.round(o.seconds / 2));
    for (const connections of [1, 16]) {
      for (const t of authTargets) {
        const r = await runHttpLoad({ baseUrl: base, label: `${t.label} ×${connections}`, connections, seconds: authSeconds, method: 'GET', path: t.path, headers: t.headers });
        authenticated.push(r);
        log(`bench: ${r.label}: ${int(r.okPerSec)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, non-2xx ${r.non2xx}`);
      }
    }

    // 6. Login history at scale.
    monitor.mark('seed');
    log(`bench: appending ${int(o.loginEvents)} login attempts through es_append, ${SEED_BATCH} streams per statement`);
    const seedStarted = performance.now();
    const seed = await seedLoginEvents(app.databaseUrl, o.loginEvents, runTag);
    const seedEnded = performance.now();
    log(`bench: ${int(seed.events)} events (${int(seed.attempts)} attempts, ${int(seed.sessionEnded)} SessionEnded) in ${seed.seconds.toFixed(1)} s; waiting for the login_history projection`);
    monitor.mark('catch-up');
    const catchUp = await waitForLoginHistory(pool, o.catchUpTimeoutSeconds * 1000);
    const catchUpReport: IdentityReport['history']['catchUp'] = {
      seconds: (performance.now() - seedStarted) / 1000,
      sinceLastAppendSeconds: (catchUp.at - seedEnded) / 1000,
      rows: catchUp.rows,
      expectedRows: catchUp.expectedRows,
      ok: catchUp.ok,
      othersAtHead: catchUp.othersAtHead ? { ...catchUp.othersAtHead, sinceLastAppendSeconds: (catchUp.othersAtHead.at - seedEnded) / 1000 } : null,
    };
    if (catchUpReport.othersAtHead) {
      log(`bench: every projection that skips login events (${catchUpReport.othersAtHead.projections}) had the head ${catchUpReport.othersAtHead.sinceLastAppendSeconds.toFixed(1)} s after the last append; login_history had ${int(catchUpReport.othersAtHead.rows)} rows then`);
    }
    log(`bench: projection ${catchUp.ok ? 'caught up' : 'DID NOT catch up'}: ${int(catchUp.rows)} rows of ${int(catchUp.expectedRows)}, ${catchUpReport.sinceLastAppendSeconds.toFixed(1)} s after the last append`);
    await pool.query('VACUUM (ANALYZE) login_history').catch(() => {});

    monitor.mark('queries');
    const emailQuery = encodeURIComponent(seed.searchEmail);
    const queryDefs = [
      { label: 'Default view (7 days, page 1, limit 50)', path: '/api/admin/login-history' },
      { label: 'Search by e-mail (7 days)', path: `/api/admin/login-history?search=${emailQuery}` },
      { label: 'Search by e-mail (all time)', path: `/api/admin/login-history?search=${emailQuery}&dateRange=all` },
      { label: 'Status failed (7 days)', path: '/api/admin/login-history?status=failed' },
      { label: 'Status suspicious (all time)', path: '/api/admin/login-history?status=suspicious&dateRange=all' },
    ];
    const queries: QueryReport[] = [];
    const qProgress = createProgress('login-history queries', queryDefs.length, 'queries');
    for (const [k, q] of queryDefs.entries()) {
      let total = -1;
      const times = await sampleSequential(30, 3, async () => {
        const res = await fetch(`${base}${q.path}`, { headers: bearer });
        const body = (await res.json()) as { total?: number };
        if (!res.ok) throw new Error(`${q.path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        total = body.total ?? -1;
      });
      queries.push({ label: q.label, path: q.path, total, ...latencyStats(times) });
      qProgress.update(k + 1);
    }
    qProgress.stop();
    for (const q of queries) log(`bench: ${q.label}: p50 ${ms(q.p50)} ms, p95 ${ms(q.p95)} ms (${int(q.total)} rows match)`);

    monitor.mark('export');
    const expectedRows = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM login_history')).rows[0]!.n;
    const exportReport = await measureExport(base, bearer, app.child.pid, expectedRows);
    log(
      `bench: CSV export: ${int(exportReport.rows)} rows in ${exportReport.seconds.toFixed(1)} s (${int(exportReport.rows / exportReport.seconds)} rows/s), ` +
        `RSS ${exportReport.rssBeforeMb.toFixed(0)} → peak ${exportReport.rssPeakMb.toFixed(0)} MB`,
    );

    // 7. Rebuild of the login_history projection, with the app stopped.
    let rebuild: IdentityReport['rebuild'] = { status: 'skipped' };
    const totalEvents = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events')).rows[0]!.n;
    await endPool();
    unregisterPool();
    log('bench: stopping the app (SIGTERM)');
    log(`bench: app stopped (${await app.stop()})`);
    monitor.mark('rebuild');
    const own = await startOwnPostgres(o.root, path.join(dataDir, 'pg'), pgPort);
    try {
      const run = await runRebuildCli({ root: o.root, databaseUrl: own.url, dataDir, expectedEvents: totalEvents, projection: 'login_history' });
      const check = new pg.Client({ connectionString: own.url });
      await check.connect();
      const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM login_history').finally(() => check.end());
      rebuild = { status: 'done', run, rowsAfter: rows[0]!.n, rowsExpected: expectedRows };
      log(`bench: ${run.outputLine}`);
    } catch (err) {
      if (wasAborted()) throw err;
      rebuild = { status: 'failed', error: err instanceof Error ? err.message : String(err) };
      log(`bench: rebuild failed: ${rebuild.error}`);
    } finally {
      await own.stop();
    }
    monitor.stop();

    return {
      date,
      commandLine: o.commandLine,
      revision,
      machine,
      loadAverage: { before: loadBefore, cpuBusyBefore },
      foreignCpu: monitor.shares(),
      benchCpu: monitor.selfShares(),
      appStartupSeconds: app.startupSeconds,
      throttleEnv: { ...BENCH_THROTTLE_ENV },
      accounts: { count: o.accounts, seconds: accountsSeconds },
      argon,
      warmup,
      logins,
      commitsPerLogin,
      backgroundCommitsPerSec,
      loginsOneAddress,
      failed,
      authenticated,
      detector,
      history: { seed, catchUp: catchUpReport, queries, export: exportReport },
      rebuild,
    };
  }
}

/** The projections that apply none of the login events (they read every one and skip it). */
const SKIPS_LOGIN_EVENTS = projections
  .filter((p) => p.eventTypes && !p.eventTypes.some((t) => Object.hasOwn(loginEventSchemas, t)))
  .map((p) => p.name);

/** Waits until login_history has one row per LoginSucceeded/LoginFailed and every SessionEnded is applied. */
async function waitForLoginHistory(pool: pg.Pool, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const { rows: ev } = await pool.query<{ attempts: number; ended: number }>(
    `SELECT count(*) FILTER (WHERE type IN ('LoginSucceeded', 'LoginFailed'))::int AS attempts,
            count(*) FILTER (WHERE type = 'SessionEnded')::int AS ended FROM es_events`,
  );
  const expected = ev[0]!;
  const progress = createProgress('login_history projection', expected.attempts, 'rows');
  let othersAtHead: { at: number; rows: number; projections: number } | null = null;
  try {
    for (;;) {
      const { rows } = await pool.query<{ rows: number; ended: number }>(
        'SELECT count(*)::int AS rows, count(session_ended_at)::int AS ended FROM login_history',
      );
      const r = rows[0]!;
      progress.update(r.rows);
      if (!othersAtHead) {
        // The head as a checkpoint ('<transaction id>:<position>', what projection_state holds).
        const { rows: behind } = await pool.query<{ projections: number; behind: number }>(
          `WITH head AS (SELECT transaction_id::text || ':' || global_position AS checkpoint FROM es_events
                          ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
           SELECT count(*)::int AS projections, count(*) FILTER (WHERE s.checkpoint IS DISTINCT FROM head.checkpoint)::int AS behind
             FROM projection_state s, head WHERE s.name = ANY($1::text[])`,
          [SKIPS_LOGIN_EVENTS],
        );
        if (behind[0]!.behind === 0) othersAtHead = { at: performance.now(), rows: r.rows, projections: behind[0]!.projections };
      }
      const ok = r.rows >= expected.attempts && r.ended >= expected.ended;
      if (ok || Date.now() > deadline) return { at: performance.now(), rows: r.rows, expectedRows: expected.attempts, ok, othersAtHead };
      await sleep(100);
    }
  } finally {
    progress.stop();
  }
}

/** GET the CSV of everything, streamed; the app's RSS sampled every 20 ms meanwhile (and its kernel peak). */
async function measureExport(base: string, headers: Record<string, string>, pid: number | undefined, expectedRows: number): Promise<NonNullable<IdentityReport['history']['export']>> {
  const run = await measureStreamedExport({ url: `${base}/api/admin/login-history/export?dateRange=all`, headers, pid, expectedRows, label: 'CSV export (all time)' });
  return { ...run, expectedRows };
}
