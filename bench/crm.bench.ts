/**
 * The CRM bench, against one fresh embedded PostgreSQL and the app started as `npm start` runs it (SEED=0):
 *  1. customers created through the customers service's command (decider → event store; the app's
 *     projector fills `crm_customers`), in steps: 10k, 100k, then the full size;
 *  2. at 10k, at 100k and at the full size, the streamed CSV export of all of them through HTTP, sampling the
 *     app's RSS meanwhile (reported: it shows the heap V8 grows to); one unmeasured export first warms the app up;
 *  3. at the full size, `GET /api/crm/customers` searches (name prefix, e-mail fragment, company, no match,
 *     status filter) one after the other: p50/p95/p99 over HTTP, and the read-model query alone in-process;
 *  4. 5,000 open deals through the deals service, then the kanban board (tRPC `deals.board`): HTTP time,
 *     time to first byte, and the deals service's `board` alone (its two statements and the shaping);
 *  5. the dashboard (issue 13): deals (open, won and lost, dated like the seed's) up to `dashboardDeals` in all,
 *     then `GET /api/crm/analytics/dashboard` for each period over HTTP and the dashboard query alone in-process;
 *  6. the verdict on the export's memory: the app restarted with its V8 heap capped (CAPPED_NODE_OPTIONS) and
 *     the largest export again, which only a streamed export can finish.
 * `cases` picks which of exports, searches, board and dashboard run (the fill always does).
 */
import path from 'node:path';
import pg from 'pg';
import type { CrmActor, CustomerListInput } from '@crm/contracts';
import { customerListInput, dealBoardInput } from '@crm/contracts';
import { dashboardAnalytics, listCustomers } from '@crm/projections';
import { createDealsService } from '../services/src/deals/deals.service.ts';
import { createSeedCommands } from '../services/src/crm/seed/crm-commands.ts';
import { runBounded } from '../services/src/crm/seed/bounded.ts';
import { dealPlan, type DealPlan } from '../services/src/crm/seed/generators.ts';
import { createRandom } from '../services/src/crm/seed/random.ts';
import { seedCrm } from '../services/src/crm/seed/seed-runner.ts';
import { PostgresEventStore } from '../services/src/eventstore/postgres-event-store.ts';
import { waitForProjection } from '../services/src/platform/read-your-writes.ts';
import { gitRevision } from './bookings.bench.ts';
import { BENCH_ADMIN, benchStamp, startBenchApp, withAppOutput } from './lib/app.ts';
import { type LatencyStats, latencyStats, sampleSequential } from './lib/http-load.ts';
import { type MachineInfo, cpuBusy, machineInfo } from './lib/machine.ts';
import { onCleanup } from './lib/processes.ts';
import { exportWithCappedHeap as cappedExport, measureStreamedExport } from './lib/export-memory.ts';
import { createProgress } from './lib/progress.ts';
import { int, ms } from './lib/stats.ts';

export interface CrmBenchOptions {
  root: string;
  commandLine: string;
  /** Customers at the end of the fill (the search bench's size). */
  customers: number;
  openDeals: number;
  /** Commands in flight while filling. */
  concurrency: number;
  /** Sequential requests per search term. */
  samples: number;
  /** Which measurements run after the fill (default all). */
  cases: ReadonlySet<CrmBenchCase>;
  /** Deals in all (open and closed) before the dashboard is measured. */
  dashboardDeals: number;
  catchUpTimeoutSeconds: number;
  keepData: boolean;
}

export const CRM_BENCH_CASES = ['export', 'search', 'board', 'dashboard'] as const;
export type CrmBenchCase = (typeof CRM_BENCH_CASES)[number];

export interface DashboardRun {
  period: number;
  /** GET /api/crm/analytics/dashboard?period= over HTTP. */
  http: LatencyStats;
  /** The dashboard query alone (dashboardAnalytics in this process, the admin's scope). */
  sql: LatencyStats;
}

export interface FillStep {
  customers: number;
  seconds: number;
  perSecond: number;
  /** From the last command to the read model holding every customer. */
  catchUpSeconds: number;
  failed: number;
}

export interface ExportRun {
  customers: number;
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  firstByteMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  hwmPeakMb: number | null;
  samples: number;
}

export type CappedExportRun = ({ completed: true } & ExportRun) | { completed: false; customers: number; error: string };

export interface SearchRun extends LatencyStats {
  label: string;
  path: string;
  total: number;
  /** The read-model query alone (listCustomers in this process, same filter). */
  sql: LatencyStats;
}

export interface CrmReport {
  date: Date;
  commandLine: string;
  revision: string;
  machine: MachineInfo;
  cpuBusyBefore: number;
  concurrency: number;
  targetCustomers: number;
  fill: FillStep[];
  exports: ExportRun[];
  /** The largest export in the app restarted with a capped heap (CAPPED_NODE_OPTIONS); null when not run. */
  cappedExport: CappedExportRun | null;
  searches: SearchRun[];
  searchP95: number;
  deals: { open: number; closed: number; seconds: number; perSecond: number; failed: number } | null;
  board: { http: LatencyStats; firstByte: LatencyStats; sql: LatencyStats; deals: number; bytes: number } | null;
  dashboard: { customers: number; deals: number; won: number; created: number; seconds: number; runs: DashboardRun[] } | null;
  errors: string[];
}

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function runCrmBench(o: CrmBenchOptions): Promise<CrmReport> {
  const date = new Date();
  const revision = gitRevision(o.root);
  const cpuBusyBefore = await cpuBusy(2000);
  const stamp = benchStamp(date);
  const { app, dataDir, pgPort } = await startBenchApp({ root: o.root, name: 'bench-crm', stamp, keepData: o.keepData });
  return withAppOutput(app, measure);

  async function measure(): Promise<CrmReport> {
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: o.concurrency + 8 });
    pool.on('error', () => {});
    const store = new PostgresEventStore(pool, app.databaseUrl);
    onCleanup('bench pool', async () => {
      await store.close().catch(() => {});
      await pool.end().catch(() => {});
    });
    const machine = await machineInfo(pool);
    const base = app.baseUrl;
    const errors: string[] = [];

    const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
    const loginBody = (await login.json()) as { token?: string };
    if (!login.ok || !loginBody.token) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(loginBody)}`);
    const bearer = { authorization: `Bearer ${loginBody.token}` };
    await waitForProjection({ pool, store }, 'users', await store.headCheckpoint(), 30_000);
    const adminId = (await pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [BENCH_ADMIN.email])).rows[0]?.id;
    if (!adminId) throw new Error('the bench admin is not in the users read model');
    const actor: CrmActor = { userId: adminId, scope: 'all' };
    const commands = createSeedCommands({ pool, store, filesDir: path.join(dataDir, 'files') });

    const catchUp = async (what: string) => {
      const t = performance.now();
      const ok = await waitForProjection({ pool, store }, what, await store.headCheckpoint(), o.catchUpTimeoutSeconds * 1000);
      if (!ok) errors.push(`${what} did not catch up within ${o.catchUpTimeoutSeconds} s`);
      // Fresh statistics, as autovacuum would have them by now in production; a failure is reported, not hidden.
      await pool.query('ANALYZE').catch((err: Error) => errors.push(`ANALYZE after ${what} failed: ${err.message}`));
      return (performance.now() - t) / 1000;
    };

    // 1–2. Fill in steps, exporting at 10k, 100k and the full size.
    const steps = [...new Set([10_000, 100_000, o.customers].filter((n) => n <= o.customers))].sort((a, b) => a - b);
    const fill: FillStep[] = [];
    const exports: ExportRun[] = [];
    let have = 0;
    for (const target of steps) {
      log(`bench: creating customers ${int(have)} → ${int(target)} through the customers service (${o.concurrency} in flight)`);
      const r = await seedCrm({
        customers: target - have,
        deals: 0,
        tasks: 0,
        commands,
        assignees: [adminId],
        seed: 1000 + have,
        concurrency: o.concurrency,
        now: new Date(),
        communications: false,
        customerOffset: have,
        progress: (label, total, unit) => {
          const bar = createProgress(label, total, unit);
          const t0 = performance.now();
          return { update: (done) => bar.update(done, `${int(done / ((performance.now() - t0) / 1000))}/s`), stop: () => bar.stop() };
        },
      });
      if (r.firstError) errors.push(`customer create: ${r.firstError}`);
      const catchUpSeconds = await catchUp('crm_customers');
      fill.push({ customers: target, seconds: r.customers.seconds, perSecond: r.customers.perSecond, catchUpSeconds, failed: r.customers.failed });
      log(`bench: ${int(r.customers.records)} customers in ${r.customers.seconds.toFixed(1)} s (${int(r.customers.perSecond)}/s); read model caught up ${catchUpSeconds.toFixed(1)} s later`);
      have = target;
      if (o.cases.has('export') && (target === 10_000 || target >= 100_000)) {
        const live = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM crm_customers WHERE deleted_at IS NULL')).rows[0]!.n;
        if (exports.length === 0) await measureExport(base, bearer, app.child.pid, live); // warm-up, not recorded
        const e = await measureExport(base, bearer, app.child.pid, live);
        exports.push({ customers: live, ...e });
        log(`bench: CSV export of ${int(e.rows)} rows: ${e.seconds.toFixed(1)} s (${int(e.rowsPerSecond)} rows/s), RSS ${e.rssBeforeMb.toFixed(0)} → peak ${e.rssPeakMb.toFixed(0)} MB`);
      }
    }

    // 3. Searches at the full size.
    const searches: SearchRun[] = [];
    const all: number[] = [];
    if (o.cases.has('search')) {
    const sample = (await pool.query<{ name: string; email: string; company: string }>('SELECT name, email, company FROM crm_customers WHERE email IS NOT NULL ORDER BY created_at DESC LIMIT 1 OFFSET 777')).rows[0];
    const emailFragment = sample ? sample.email.split('@')[0]! : 'olivia.smith';
    const companyWord = sample ? sample.company.split(' ')[0]! : 'Northwind';
    const terms: { label: string; query: Partial<Record<keyof CustomerListInput, string>> }[] = [
      { label: 'No search (page 1, newest)', query: {} },
      { label: 'Name prefix "Oliv"', query: { search: 'Oliv' } },
      { label: `E-mail fragment "${emailFragment}"`, query: { search: emailFragment } },
      { label: `Company "${companyWord}"`, query: { search: companyWord } },
      { label: 'No match "zqxjv"', query: { search: 'zqxjv' } },
      { label: 'Status customer + "Garcia"', query: { status: 'customer', search: 'Garcia' } },
      { label: 'Status lead (no search)', query: { status: 'lead' } },
    ];
    const qBar = createProgress('customer searches', terms.length, 'terms');
    for (const [k, t] of terms.entries()) {
      const qs = new URLSearchParams({ ...t.query, limit: '50' }).toString();
      const path = `/api/crm/customers?${qs}`;
      let total = -1;
      const times = await sampleSequential(o.samples, 5, async () => {
        const res = await fetch(`${base}${path}`, { headers: bearer });
        const body = (await res.json()) as { pagination?: { total: number } };
        if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        total = body.pagination?.total ?? -1;
      });
      const filter = customerListInput.parse({ ...t.query, limit: 50 });
      const sql = await sampleSequential(Math.min(o.samples, 50), 3, async () => {
        await listCustomers(pool, filter, actor);
      });
      all.push(...times);
      searches.push({ label: t.label, path, total, ...latencyStats(times), sql: latencyStats(sql) });
      qBar.update(k + 1);
    }
    qBar.stop();
    }
    const searchP95 = latencyStats(all.slice(0)).p95;
    for (const s of searches) log(`bench: ${s.label}: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, p99 ${ms(s.p99)} ms; SQL p95 ${ms(s.sql.p95)} ms (${int(s.total)} match)`);

    // 4. Open deals and the board.
    let deals: CrmReport['deals'] = null;
    let board: CrmReport['board'] = null;
    if (o.cases.has('board') && o.openDeals > 0) {
      const rng = createRandom(7);
      const customerIds = (await pool.query<{ id: string; name: string; company: string; created_at: Date }>('SELECT id, name, company, created_at FROM crm_customers WHERE deleted_at IS NULL ORDER BY random() LIMIT 20000')).rows;
      const now = new Date();
      const plans: { plan: DealPlan; customerId: string }[] = [];
      while (plans.length < o.openDeals) {
        const c = customerIds[rng.int(0, customerIds.length - 1)]!;
        const plan = dealPlan(rng, now, 0, c.created_at, c.name, c.company ?? '');
        const last = plan.moves.at(-1)?.stage;
        if (last === 'closed_won' || last === 'closed_lost') continue;
        plans.push({ plan, customerId: c.id });
      }
      log(`bench: creating ${int(o.openDeals)} open deals through the deals service`);
      const bar = createProgress('open deals', plans.length, 'deals');
      const t0 = performance.now();
      const r = await runBounded(
        plans.length,
        o.concurrency,
        async (k) => {
          const { plan, customerId } = plans[k]!;
          const id = await commands.createDeal(plan, customerId, adminId);
          for (const m of plan.moves) await commands.moveDeal(id, m, adminId);
        },
        (done) => bar.update(done),
      );
      bar.stop();
      if (r.errors.length) errors.push(`deal create: ${r.errors[0] instanceof Error ? r.errors[0].message : String(r.errors[0])}`);
      const seconds = (performance.now() - t0) / 1000;
      await catchUp('crm_deals');
      const counts = (await pool.query<{ open: number; closed: number }>(`SELECT count(*) FILTER (WHERE stage NOT IN ('closed_won','closed_lost'))::int AS open, count(*) FILTER (WHERE stage IN ('closed_won','closed_lost'))::int AS closed FROM crm_deals`)).rows[0]!;
      deals = { open: counts.open, closed: counts.closed, seconds, perSecond: (r.done - r.failed) / seconds, failed: r.failed };
      log(`bench: ${int(counts.open)} open deals in ${seconds.toFixed(1)} s`);

      const path = `/trpc/deals.board?input=${encodeURIComponent(JSON.stringify({ search: '' }))}`;
      const firstBytes: number[] = [];
      let shown = 0;
      let bytes = 0;
      const http = await sampleSequential(o.samples >= 100 ? 50 : o.samples, 3, async () => {
        const t = performance.now();
        const res = await fetch(`${base}${path}`, { headers: bearer });
        const reader = res.body!.getReader();
        let first = true;
        let size = 0;
        const chunks: Uint8Array[] = [];
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (first) {
            firstBytes.push(performance.now() - t);
            first = false;
          }
          size += value.byteLength;
          chunks.push(value);
        }
        if (!res.ok) throw new Error(`deals.board: ${res.status} ${Buffer.concat(chunks).toString().slice(0, 300)}`);
        bytes = size;
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { result: { data: { stages: { deals: unknown[] }[] } } };
        shown = body.result.data.stages.reduce((n, s) => n + s.deals.length, 0);
      });
      const dealsService = createDealsService({ pool, store });
      const boardInput = dealBoardInput.parse({ search: '' });
      const sql = await sampleSequential(30, 3, async () => {
        await dealsService.board(actor, boardInput);
      });
      board = { http: latencyStats(http), firstByte: latencyStats(firstBytes.slice(-http.length)), sql: latencyStats(sql), deals: shown, bytes };
      log(`bench: deals.board (${int(shown)} deals, ${int(bytes / 1024)} KB): p50 ${ms(board.http.p50)} ms, p95 ${ms(board.http.p95)} ms; service alone p95 ${ms(board.sql.p95)} ms`);
    }

    // 5. The dashboard.
    let dashboard: CrmReport['dashboard'] = null;
    if (o.cases.has('dashboard')) {
      const have = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM crm_deals')).rows[0]!.n;
      const missing = Math.max(0, o.dashboardDeals - have);
      const rng = createRandom(13);
      const customerRows = (await pool.query<{ id: string; name: string; company: string; created_at: Date }>('SELECT id, name, company, created_at FROM crm_customers WHERE deleted_at IS NULL ORDER BY random() LIMIT 50000')).rows;
      const now = new Date();
      const plans = Array.from({ length: missing }, () => {
        const c = customerRows[rng.int(0, customerRows.length - 1)]!;
        return { plan: dealPlan(rng, now, 0, c.created_at, c.name, c.company ?? ''), customerId: c.id };
      });
      log(`bench: creating ${int(missing)} deals (open, won and lost) through the deals service for the dashboard`);
      const bar = createProgress('dashboard deals', plans.length, 'deals');
      const t0 = performance.now();
      const r = await runBounded(
        plans.length,
        o.concurrency,
        async (k) => {
          const { plan, customerId } = plans[k]!;
          const id = await commands.createDeal(plan, customerId, adminId);
          for (const m of plan.moves) await commands.moveDeal(id, m, adminId);
        },
        (done) => bar.update(done),
      );
      bar.stop();
      if (r.errors.length) errors.push(`dashboard deal create: ${r.errors[0] instanceof Error ? r.errors[0].message : String(r.errors[0])}`);
      const seconds = (performance.now() - t0) / 1000;
      await catchUp('crm_deals');
      await catchUp('crm_dashboard');
      const counts = (await pool.query<{ customers: number; deals: number; won: number }>(
        `SELECT (SELECT count(*) FROM crm_customers WHERE deleted_at IS NULL)::int AS customers, (SELECT count(*) FROM crm_deals)::int AS deals,
                (SELECT count(*) FROM crm_deals WHERE stage = 'closed_won')::int AS won`,
      )).rows[0]!;
      const runs: DashboardRun[] = [];
      for (const period of [7, 30, 90] as const) {
        const path = `/api/crm/analytics/dashboard?period=${period}`;
        const http = await sampleSequential(o.samples, 5, async () => {
          const res = await fetch(`${base}${path}`, { headers: bearer });
          const body = (await res.json()) as { success?: boolean };
          if (!res.ok || !body.success) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        });
        const sql = await sampleSequential(Math.min(o.samples, 100), 3, async () => {
          await dashboardAnalytics(pool, { period, ownerId: null, now: new Date(), timeZone: 'Europe/Paris' });
        });
        runs.push({ period, http: latencyStats(http), sql: latencyStats(sql) });
        log(`bench: dashboard period ${period}: HTTP p50 ${ms(latencyStats(http).p50)} ms, p95 ${ms(latencyStats(http).p95)} ms; query alone p95 ${ms(latencyStats(sql).p95)} ms`);
      }
      dashboard = { ...counts, created: missing - r.failed, seconds, runs };
    }

    // 6. Last (it restarts the app): the largest export with the heap capped.
    const cappedExport = o.cases.has('export') && exports.length > 0 ? await exportWithCappedHeap(exports.at(-1)!.customers) : null;

    return {
      date,
      commandLine: o.commandLine,
      revision,
      machine,
      cpuBusyBefore,
      concurrency: o.concurrency,
      targetCustomers: o.customers,
      fill,
      exports,
      cappedExport,
      searches,
      searchP95,
      deals,
      board,
      dashboard,
      errors,
    };
  }

  /** The largest export again in the app restarted with its heap capped (the streaming proof). */
  async function exportWithCappedHeap(rows: number): Promise<CappedExportRun> {
    const e = await cappedExport({ app, root: o.root, dataDir, pgPort, path: '/api/crm/customers/export', expectedRows: rows, label: `capped-heap CSV export (${int(rows)})` });
    if (!e.completed) return { completed: false, customers: rows, error: e.error };
    const { rssFirstQuarterMb: _firstQuarter, completed, ...run } = e;
    return { completed, customers: rows, ...run, rowsPerSecond: run.rows / run.seconds };
  }
}

/** GET the CSV of every customer, streamed; the app's RSS sampled every 20 ms meanwhile (and its kernel peak). */
export async function measureExport(base: string, headers: Record<string, string>, pid: number | undefined, expectedRows: number): Promise<Omit<ExportRun, 'customers'>> {
  const { rssFirstQuarterMb: _firstQuarter, ...run } = await measureStreamedExport({
    url: `${base}/api/crm/customers/export`,
    headers,
    pid,
    expectedRows,
    label: `CSV export (${int(expectedRows)})`,
  });
  return { ...run, rowsPerSecond: run.rows / run.seconds };
}
