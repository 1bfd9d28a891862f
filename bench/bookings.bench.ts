/**
 * The bookings bench, in one run against one fresh embedded PostgreSQL:
 *  1. start the app (child process, fresh DATA_DIR, free ports), wait for /healthz;
 *  2. raw single-row INSERT ceiling of that PostgreSQL (pgbench, 32 clients / 2 threads);
 *  3. POST /api/bookings with autocannon at several connection counts;
 *  4. projection lag (commit → read-model row), p50/p99;
 *  5. every accepted booking is in the read model;
 *  6. stop the app, generate N BookingRequested events with SQL, time the rebuild CLI.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchStamp, startBenchApp, withAppOutput } from './lib/app.ts';
import { type InsertCeiling, measureInsertCeiling } from './lib/insert-ceiling.ts';
import { ClientLagProbe, type LagStats, auditDbLag, dbLag, hasProjectedAt, waitForRows } from './lib/lag.ts';
import { type LoadLevelResult, bookingBodies, runLoadLevel } from './lib/load.ts';
import { ForeignCpuMonitor, type MachineInfo, cpuBusy, machineInfo } from './lib/machine.ts';
import { startOwnPostgres } from './lib/postgres.ts';
import { onCleanup, wasAborted } from './lib/processes.ts';
import { type GenerateResult, type RebuildRun, generateBookingEvents, runRebuildCli } from './lib/rebuild.ts';
import { int, ms } from './lib/stats.ts';

export interface BookingsBenchOptions {
  root: string;
  connections: number[];
  seconds: number;
  warmupSeconds: number;
  ceilingSeconds: number;
  events: number;
  catchUpTimeoutSeconds: number;
  keepData: boolean;
  commandLine: string;
}

export type LevelReport = Omit<LoadLevelResult, 'ids'> & { lag: LagStats };

export interface BookingsReport {
  date: Date;
  commandLine: string;
  /** The code measured: git commit, and whether the work tree had uncommitted changes. */
  revision: string;
  /** 1-minute load average before the bench started and after the load runs (other work skews the numbers). */
  loadAverage: { before: number; afterLoad: number; cpuBusyBefore: number };
  /** Share of the machine's CPU used by processes outside the bench, per phase (see ForeignCpuMonitor). */
  foreignCpu: Record<string, number>;
  /** Share of the machine's CPU used by the bench process itself (autocannon runs in it), per phase. */
  benchCpu: Record<string, number>;
  machine: MachineInfo;
  appStartupSeconds: number;
  ceiling: InsertCeiling;
  warmup: { seconds: number; connections: number; ok: number };
  levels: LevelReport[];
  lag: { method: 'db' | 'client'; description: string; overall: LagStats };
  /** The audit log's lag for the same bookings (its projection writes an entry for every event). */
  auditLag: { description: string; overall: LagStats };
  completeness: {
    accepted: number;
    idsReturned: number;
    inReadModel: number;
    eventsInStore: number;
    /** All rows of the bookings read model (the run started empty). */
    rowsInReadModel: number;
    /** Most requests that can be cut off in flight (Σ connections of all runs). */
    inFlightBound: number;
    waitedSeconds: number;
    ok: boolean;
  };
  rebuild:
    | { status: 'skipped' }
    | { status: 'failed'; error: string; generate: GenerateResult | null }
    | { status: 'done'; generate: GenerateResult; run: RebuildRun; rowsAfter: number; rowsExpected: number };
}

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function runBookingsBench(o: BookingsBenchOptions): Promise<BookingsReport> {
  const date = new Date();
  const revision = gitRevision(o.root);
  const loadBefore = os.loadavg()[0]!;
  const cpuBusyBefore = await cpuBusy(2000);
  const monitor = new ForeignCpuMonitor();
  monitor.start('setup');
  onCleanup('cpu monitor', () => monitor.stop());
  const stamp = benchStamp(date);
  const { app, dataDir, pgPort } = await startBenchApp({ root: o.root, name: 'bench', stamp, keepData: o.keepData });
  return withAppOutput(app, measure);

  async function measure(): Promise<BookingsReport> {
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
    pool.on('error', () => {}); // idle clients die when the app stops its PostgreSQL
    let poolEnded = false;
    const endPool = async () => {
      if (poolEnded) return;
      poolEnded = true;
      await pool.end().catch(() => {});
    };
    const unregisterPool = onCleanup('bench pool', endPool);

    const machine = await machineInfo(pool);

    // 2. The ceiling.
    log(`bench: raw INSERT ceiling, 32 clients, ${o.ceilingSeconds} s`);
    monitor.mark('ceiling');
    const ceiling = await measureInsertCeiling({ root: o.root, databaseUrl: app.databaseUrl, seconds: o.ceilingSeconds });
    log(`bench: ceiling ${int(ceiling.tps)} INSERT/s (${ceiling.method})`);

    // 3. Load. Lag by the database when the read model records projected_at, else by a client-side poller.
    const lagByDb = await hasProjectedAt(pool);
    const probe = lagByDb ? null : new ClientLagProbe(pool);
    if (!lagByDb) log('bench: bookings.projected_at does not exist: measuring projection lag client-side (poller)');
    probe?.start();
    const nextBody = bookingBodies(stamp);
    const allIds: string[] = [];
    const measuredIds: string[] = [];
    let accepted = 0;

    monitor.mark('load');
    let warmup = { seconds: 0, connections: 8, ok: 0 };
    if (o.warmupSeconds > 0) {
      const w = await runLoadLevel({
        baseUrl: app.baseUrl,
        connections: 8,
        seconds: o.warmupSeconds,
        nextBody,
        label: 'warm-up (8 conn)',
        ...(probe ? { onAccepted: (id: string) => probe.accepted(id) } : {}),
      });
      allIds.push(...w.ids);
      accepted += w.ok;
      warmup = { seconds: w.seconds, connections: 8, ok: w.ok };
      await waitForRows(pool, w.ids, o.catchUpTimeoutSeconds * 1000);
    }

    const levels: LevelReport[] = [];
    for (const connections of o.connections) {
      if (probe) probe.level = String(connections);
      const r = await runLoadLevel({
        baseUrl: app.baseUrl,
        connections,
        seconds: o.seconds,
        nextBody,
        label: `POST /api/bookings ×${connections}`,
        ...(probe ? { onAccepted: (id: string) => probe.accepted(id) } : {}),
      });
      allIds.push(...r.ids);
      measuredIds.push(...r.ids);
      accepted += r.ok;
      // Let the projector catch up before the next level, so levels do not bleed into each other.
      if (probe) await probe.drain(o.catchUpTimeoutSeconds * 1000);
      else await waitForRows(pool, r.ids, o.catchUpTimeoutSeconds * 1000);
      const lag = probe ? probe.stats([String(connections)]) : await dbLag(pool, r.ids);
      const { ids: _ids, ...rest } = r;
      levels.push({ ...rest, lag });
      log(
        `bench: ${connections} conn: ${int(r.okPerSec)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ` +
          `non-2xx ${r.non2xx}, errors ${r.errors}, lag p99 ${ms(lag.p99)} ms` +
          (r.sampleFailures.length ? `\n  e.g. ${r.sampleFailures.slice(0, 2).join('\n  e.g. ')}` : ''),
      );
    }

    const loadAfterLoad = os.loadavg()[0]!;
    monitor.mark('checks');

    // 5. Completeness (before the lag query: it waits for the projection to catch up).
    log('bench: waiting for the read model to hold every accepted booking');
    const { found, seconds: waitedSeconds } = await waitForRows(pool, allIds, o.catchUpTimeoutSeconds * 1000);
    // Requests still in flight when autocannon stops a run are cut off: their bookings may be committed
    // without a 201 reaching us. So the store may hold up to Σ connections more events than 2xx responses,
    // and those must reach the read model too: wait until it holds one row per BookingRequested event.
    const inFlightBound = (o.warmupSeconds > 0 ? warmup.connections : 0) + o.connections.reduce((a, b) => a + b, 0);
    const totals = await waitForTotals(pool, o.catchUpTimeoutSeconds * 1000);
    const completeness = {
      accepted,
      idsReturned: allIds.length,
      inReadModel: found,
      eventsInStore: totals.events,
      rowsInReadModel: totals.rows,
      inFlightBound,
      waitedSeconds: waitedSeconds + totals.seconds,
      ok:
        found === allIds.length &&
        allIds.length === accepted &&
        totals.events >= accepted &&
        totals.events <= accepted + inFlightBound &&
        totals.rows === totals.events,
    };
    log(
      `bench: completeness ${completeness.ok ? 'ok' : 'MISMATCH'}: ${accepted} accepted, ${found} of them in the read model; ` +
        `${totals.events} BookingRequested events, ${totals.rows} read-model rows`,
    );

    // 4. Lag over every measured level (not the warm-up).
    if (probe) {
      await probe.drain(5000);
      await probe.stop();
      if (probe.error) throw new Error(`the client-side lag poller failed: ${probe.error instanceof Error ? probe.error.message : String(probe.error)}`);
    }
    const overall = probe ? probe.stats(o.connections.map(String)) : await dbLag(pool, measuredIds);
    const lag = probe
      ? {
          method: 'client' as const,
          description:
            'client-side (the read model has no projected_at column yet): a poller on one connection queries, every 5 ms, the ids whose 201 arrived; ' +
            'lag = start of the first query that sees the row − arrival of the 201 (upper bound, ±5 ms resolution)',
          overall,
        }
      : {
          method: 'db' as const,
          description: 'from the database after the load: bookings.projected_at − es_events.created_at per BookingRequested (percentile_cont)',
          overall,
        };

    const auditLag = {
      description: 'from the database after the load: audit_log.projected_at − es_events.created_at of each BookingRequested audit entry (percentile_cont)',
      overall: await auditDbLag(pool, measuredIds, o.catchUpTimeoutSeconds * 1000),
    };
    log(`bench: audit log lag p50 ${ms(auditLag.overall.p50)} ms, p99 ${ms(auditLag.overall.p99)} ms over ${auditLag.overall.count} entries`);

    // 6. Rebuild.
    let rebuild: BookingsReport['rebuild'] = { status: 'skipped' };
    if (o.events > 0) {
      const { rows: before } = await pool.query<{ rows: number; events: number }>(
        'SELECT (SELECT count(*)::int FROM bookings) AS rows, (SELECT count(*)::int FROM es_events) AS events',
      );
      const rowsBefore = before[0]!.rows;
      const eventsBefore = before[0]!.events;
      await endPool();
      unregisterPool();
      log('bench: stopping the app (SIGTERM)');
      const how = await app.stop();
      log(`bench: app stopped (${how})`);
      const own = await startOwnPostgres(o.root, path.join(dataDir, 'pg'), pgPort);
      let generate: GenerateResult | null = null;
      try {
        log(`bench: generating ${int(o.events)} BookingRequested events`);
        monitor.mark('generate');
        generate = await generateBookingEvents(own.url, o.events);
        log(`bench: generated in ${generate.seconds.toFixed(1)} s (+ VACUUM ANALYZE, ${generate.totalSeconds.toFixed(1)} s total); running the rebuild CLI`);
        monitor.mark('rebuild');
        const run = await runRebuildCli({ root: o.root, databaseUrl: own.url, dataDir, expectedEvents: o.events + eventsBefore });
        const check = new pg.Client({ connectionString: own.url });
        await check.connect();
        const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings').finally(() => check.end());
        rebuild = { status: 'done', generate, run, rowsAfter: rows[0]!.n, rowsExpected: rowsBefore + o.events };
        log(`bench: ${run.outputLine}`);
      } catch (err) {
        rebuild = { status: 'failed', error: err instanceof Error ? err.message : String(err), generate };
        if (wasAborted()) throw err;
        log(`bench: rebuild step failed: ${rebuild.error}`);
      } finally {
        await own.stop();
      }
    } else {
      await endPool();
      unregisterPool();
      await app.stop();
    }

    monitor.stop();
    return {
      date,
      revision,
      foreignCpu: monitor.shares(),
      benchCpu: monitor.selfShares(),
      commandLine: o.commandLine,
      loadAverage: { before: loadBefore, afterLoad: loadAfterLoad, cpuBusyBefore },
      machine,
      appStartupSeconds: app.startupSeconds,
      ceiling,
      warmup,
      levels,
      lag,
      auditLag,
      completeness,
      rebuild,
    };
  }
}

/** Polls until the read model has one row per BookingRequested event (or the timeout passes). */
async function waitForTotals(pool: pg.Pool, timeoutMs: number): Promise<{ events: number; rows: number; seconds: number }> {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ events: number; rows: number }>(
      `SELECT (SELECT count(*)::int FROM es_events WHERE type = 'BookingRequested') AS events, (SELECT count(*)::int FROM bookings) AS rows`,
    );
    const r = rows[0]!;
    if (r.rows >= r.events || Date.now() > deadline) return { ...r, seconds: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function gitRevision(root: string): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root }).toString().trim();
    return `commit ${sha}${dirty ? ' plus uncommitted changes' : ''}`;
  } catch {
    return 'an unknown revision (no git)';
  }
}
