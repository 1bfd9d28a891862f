/**
 * The bookings bench, in one run, on the embedded PostgreSQL default, for each topology (`--topology`:
 * every role in one process (APP_PROCESSES=single), the roles as separate processes the bench starts against
 * the same cluster, or `supervised`: what `npm start` runs, the api forking the other two), each on a
 * fresh data directory:
 *  1. start the app (child processes, fresh DATA_DIR, free ports), wait for /healthz (and the roles' readiness);
 *  2. raw single-row INSERT ceiling of that PostgreSQL (pgbench, 32 clients / 2 threads);
 *  3. closed loop: POST /api/bookings with autocannon at several connection counts; the best is the maximum;
 *  4. open loop at 50 % and 25 % of that maximum (bench/lib/open-loop.ts: latency from the intended send
 *     time), with the lag to the slowest projection and to the confirmation mail (bench/lib/pipeline.ts),
 *     transactions per booking, and the CPU share of each process group (bench/lib/machine.ts);
 *  5. every accepted booking is in the read model;
 * then, after the last topology: stop the app, generate N BookingRequested events with SQL, time the
 * rebuild CLI for the bookings read model and for the audit log.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchStamp, withAppOutput } from './lib/app.ts';
import { type InsertCeiling, measureInsertCeiling } from './lib/insert-ceiling.ts';
import { ClientLagProbe, type LagStats, auditDbLag, dbLag, hasProjectedAt, waitForRows } from './lib/lag.ts';
import { type LoadLevelResult, bookingBodies, runLoadLevel } from './lib/load.ts';
import { ForeignCpuMonitor, type MachineInfo, cpuBusy, machineInfo } from './lib/machine.ts';
import { type OpenLoopResult, runOpenLoop } from './lib/open-loop.ts';
import {
  type MailLag,
  type PipelineLag,
  type RequestStages,
  bookingProjections,
  dropCheckpointLog,
  installCheckpointLog,
  mailLag,
  pipelineLag,
  requestStages,
  xactCounters,
} from './lib/pipeline.ts';
import { type Topology, type TopologyHandle, TOPOLOGY_NAMES, startTopology } from './lib/topology.ts';
import { startOwnPostgres } from './lib/postgres.ts';
import { onCleanup, sleep, wasAborted } from './lib/processes.ts';
import { type GenerateResult, type RebuildRun, generateBookingEvents, runRebuildCli } from './lib/rebuild.ts';
import { int, ms } from './lib/stats.ts';

export interface BookingsBenchOptions {
  root: string;
  connections: number[];
  seconds: number;
  /** Seconds of each open-loop run (50 % and 25 % of the closed-loop maximum). */
  openSeconds: number;
  /**
   * The rate the open-loop runs take their 50 % and 25 % of instead of the measured maximum: fixed rates, so that
   * runs on a machine whose maximum varies from run to run compare (diagnostics; the targets assume the measured one).
   */
  openMax?: number;
  warmupSeconds: number;
  ceilingSeconds: number;
  events: number;
  catchUpTimeoutSeconds: number;
  keepData: boolean;
  commandLine: string;
  /** Measured one after the other, each on a fresh data directory. */
  topologies: Topology[];
}

export type LevelReport = Omit<LoadLevelResult, 'ids'> & {
  lag: LagStats;
  /** Write transactions (transaction ids used, cluster-wide) per accepted booking, the catch-up included. */
  writeXactsPerBooking: number;
  /**
   * Bookings per second from the run's start until the last of them is in the read model and has its
   * confirmation mail sent (the pipeline's sustained rate; below okPerSec when a stage falls behind).
   */
  endToEndPerSec: number;
  /** False when the catch-up timed out before every mail was sent (endToEndPerSec is then an upper bound). */
  endToEndComplete: boolean;
};

export interface OpenReport extends OpenLoopResult {
  /** Share of the closed-loop maximum this run asked for. */
  share: number;
  /** Commit → the slowest projection holding the booking (see bench/lib/pipeline.ts). */
  pipeline: PipelineLag;
  /** The same bookings by the read models' own projected_at columns: a cross-check of the checkpoint log. */
  projectedAt: { bookings: LagStats; audit: LagStats } | null;
  mail: MailLag;
  /** The requests' time split at their event's insertion. */
  request: RequestStages;
  writeXactsPerBooking: number;
}

export interface TopologyReport {
  topology: Topology;
  appStartupSeconds: number;
  processes: string[];
  ceiling: InsertCeiling;
  warmup: { seconds: number; connections: number; ok: number };
  levels: LevelReport[];
  /** The best closed-loop level (by accepted requests/s); ratio = its end-to-end rate ÷ the ceiling. */
  max: { okPerSec: number; endToEndPerSec: number; endToEndComplete: boolean; connections: number; ratio: number } | null;
  open: OpenReport[];
  /** Transactions per booking during the run at half the maximum, after the stats were flushed. */
  xacts: { bookings: number; commits: number; commitsPerBooking: number; writeXacts: number; writeXactsPerBooking: number; settleSeconds: number } | null;
  /** The projections whose slowest one the pipeline lag follows. */
  projections: string[];
  lag: { method: 'db' | 'client'; description: string; overall: LagStats };
  /** The audit log's lag for the same bookings (its projection writes an entry for every event). */
  auditLag: { description: string; overall: LagStats };
  /** Share of the machine's CPU used by processes outside the bench, per phase (see ForeignCpuMonitor). */
  foreignCpu: Record<string, number>;
  /** Share of the machine's CPU per group (load generator, app roles, postgres, other processes), per phase. */
  cpu: Record<string, Record<string, number>>;
  completeness: {
    accepted: number;
    idsReturned: number;
    inReadModel: number;
    eventsInStore: number;
    /** All rows of the bookings read model (the run started empty). */
    rowsInReadModel: number;
    /** Most requests that can be cut off in flight (Σ connections of all closed-loop runs). */
    inFlightBound: number;
    waitedSeconds: number;
    ok: boolean;
  };
}

export type RebuildReport =
  | { status: 'skipped' }
  | { status: 'failed'; error: string; generate: GenerateResult | null }
  | { status: 'done'; generate: GenerateResult; run: RebuildRun; rowsAfter: number; rowsExpected: number | null };

export interface BookingsReport {
  date: Date;
  commandLine: string;
  /** The code measured: git commit, and whether the work tree had uncommitted changes. */
  revision: string;
  /** 1-minute load average before the bench started, and the share of the CPUs busy in the 2 s before it. */
  loadAverage: { before: number; cpuBusyBefore: number };
  machine: MachineInfo;
  topologies: TopologyReport[];
  /** Both rebuilds replay the same generated events (plus those of the last topology's run). */
  rebuild: { bookings: RebuildReport; audit: RebuildReport };
}

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function runBookingsBench(o: BookingsBenchOptions): Promise<BookingsReport> {
  const date = new Date();
  const revision = gitRevision(o.root);
  const loadBefore = os.loadavg()[0]!;
  const cpuBusyBefore = await cpuBusy(2000);
  const stamp = benchStamp(date);
  const topologies: TopologyReport[] = [];
  let machine: MachineInfo | null = null;
  let rebuild: BookingsReport['rebuild'] = { bookings: { status: 'skipped' }, audit: { status: 'skipped' } };
  for (const [i, topology] of o.topologies.entries()) {
    const last = i === o.topologies.length - 1;
    log(`bench: topology ${TOPOLOGY_NAMES[topology]}`);
    const monitor = new ForeignCpuMonitor();
    monitor.start('setup');
    const unregisterMonitor = onCleanup('cpu monitor', () => monitor.stop());
    const handle = await startTopology({ root: o.root, topology, stamp, keepData: o.keepData });
    for (const p of handle.processes) monitor.label(p.pid, p.role);
    const { report, info, before } = await withAppOutput(handle.app, () => measureTopology(o, handle, monitor, stamp));
    machine ??= info;
    topologies.push(report);
    if (!last || o.events <= 0) {
      await handle.stop();
    } else {
      log('bench: stopping the app (SIGTERM)');
      log(`bench: app stopped (${await handle.stop()})`);
      rebuild = await rebuildBenches(o, handle, before, monitor);
    }
    monitor.stop();
    unregisterMonitor();
  }
  return { date, revision, commandLine: o.commandLine, loadAverage: { before: loadBefore, cpuBusyBefore }, machine: machine!, topologies, rebuild };
}

/** Everything but the rebuild, on one running topology. */
async function measureTopology(
  o: BookingsBenchOptions,
  handle: TopologyHandle,
  monitor: ForeignCpuMonitor,
  stamp: string,
): Promise<{ report: TopologyReport; info: MachineInfo; before: { rows: number; events: number } }> {
  const { app } = handle;
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
  pool.on('error', () => {}); // idle clients die when the app stops its PostgreSQL
  const unregisterPool = onCleanup('bench pool', () => pool.end().catch(() => {}));
  try {
    const info = await machineInfo(pool);
    await installCheckpointLog(pool);
    const names = bookingProjections();

    // The ceiling.
    log(`bench: raw INSERT ceiling, 32 clients, ${o.ceilingSeconds} s`);
    monitor.mark('ceiling');
    const ceiling = await measureInsertCeiling({ root: o.root, databaseUrl: app.databaseUrl, seconds: o.ceilingSeconds });
    log(`bench: ceiling ${int(ceiling.tps)} INSERT/s (${ceiling.method})`);

    // Closed loop. Lag by the database when the read model records projected_at, else by a client-side poller.
    const lagByDb = await hasProjectedAt(pool);
    const probe = lagByDb ? null : new ClientLagProbe(pool);
    if (!lagByDb) log('bench: bookings.projected_at does not exist: measuring projection lag client-side (poller)');
    probe?.start();
    const nextBody = bookingBodies(`${stamp}-${handle.topology}`);
    const allIds: string[] = [];
    const measuredIds: string[] = [];
    let accepted = 0;

    monitor.mark('warmup');
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
      const x0 = await xactCounters(pool);
      monitor.mark(`closed-${connections}`);
      const t0 = performance.now();
      const r = await runLoadLevel({
        baseUrl: app.baseUrl,
        connections,
        seconds: o.seconds,
        nextBody,
        label: `POST /api/bookings ×${connections}`,
        ...(probe ? { onAccepted: (id: string) => probe.accepted(id) } : {}),
      });
      monitor.mark('catch-up');
      allIds.push(...r.ids);
      measuredIds.push(...r.ids);
      accepted += r.ok;
      // Let the projector catch up before the next level, so levels do not bleed into each other.
      if (probe) await probe.drain(o.catchUpTimeoutSeconds * 1000);
      else await waitForRows(pool, r.ids, o.catchUpTimeoutSeconds * 1000);
      const mails = await mailLag(pool, r.ids, o.catchUpTimeoutSeconds * 1000);
      const endToEndPerSec = r.ok / ((performance.now() - t0) / 1000);
      const endToEndComplete = mails.sent === mails.count;
      const x1 = await xactCounters(pool);
      const lag = probe ? probe.stats([String(connections)]) : await dbLag(pool, r.ids);
      const { ids: _ids, ...rest } = r;
      levels.push({ ...rest, lag, writeXactsPerBooking: (x1.nextXid - x0.nextXid) / Math.max(1, r.ok), endToEndPerSec, endToEndComplete });
      log(
        `bench: ${connections} conn: ${int(r.okPerSec)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ` +
          `non-2xx ${r.non2xx}, errors ${r.errors}, lag p99 ${ms(lag.p99)} ms, end to end ${int(endToEndPerSec)}/s` +
          (r.sampleFailures.length ? `\n  e.g. ${r.sampleFailures.slice(0, 2).join('\n  e.g. ')}` : ''),
      );
    }
    const best = levels.reduce<LevelReport | null>((b, l) => (!b || l.okPerSec > b.okPerSec ? l : b), null);
    const max = best
      ? {
          okPerSec: best.okPerSec,
          endToEndPerSec: best.endToEndPerSec,
          endToEndComplete: best.endToEndComplete,
          connections: best.connections,
          ratio: best.endToEndPerSec / ceiling.tps,
        }
      : null;

    // Open loop at half and a quarter of the maximum.
    const open: OpenReport[] = [];
    let xacts: TopologyReport['xacts'] = null;
    for (const share of max && max.okPerSec > 0 ? [0.5, 0.25] : []) {
      const rate = Math.max(1, (o.openMax ?? max!.okPerSec) * share);
      /** Each accepted booking's id, in the order of the answers, with its request's times. */
      const timings = new Map<string, { intended: number; answered: number }>();
      const x0 = await xactCounters(pool);
      monitor.mark(`open-${share * 100}`);
      const r = await runOpenLoop({
        baseUrl: app.baseUrl,
        label: `open loop ${int(rate)} req/s (${share * 100} % of ${o.openMax ? `${int(o.openMax)}, given` : 'max'})`,
        rate,
        seconds: o.openSeconds,
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json' },
        nextBody,
        onResponse: (status, body, at) => {
          if (status < 200 || status >= 300) return;
          const id = bookingId(body);
          if (id) timings.set(id, at);
        },
      });
      const ended = performance.now();
      const ids = [...timings.keys()];
      monitor.mark('catch-up');
      allIds.push(...ids);
      accepted += r.ok;
      await waitForRows(pool, ids, o.catchUpTimeoutSeconds * 1000);
      const mail = await mailLag(pool, ids, o.catchUpTimeoutSeconds * 1000);
      if (share === 0.5) {
        // pg_stat_database is flushed by busy backends about once a second, by idle ones within 10 s.
        const settle = Math.max(0, 11_000 - (performance.now() - ended));
        await sleep(settle);
        const x1 = await xactCounters(pool);
        xacts = {
          bookings: r.ok,
          commits: x1.commits - x0.commits,
          commitsPerBooking: (x1.commits - x0.commits) / Math.max(1, r.ok),
          writeXacts: x1.nextXid - x0.nextXid,
          writeXactsPerBooking: (x1.nextXid - x0.nextXid) / Math.max(1, r.ok),
          settleSeconds: (performance.now() - ended) / 1000,
        };
      }
      const x1 = await xactCounters(pool);
      const pipeline = await pipelineLag(pool, ids, names, o.catchUpTimeoutSeconds * 1000);
      const projectedAt = lagByDb ? { bookings: await dbLag(pool, ids), audit: await auditDbLag(pool, ids, o.catchUpTimeoutSeconds * 1000) } : null;
      const request = await requestStages(pool, timings);
      open.push({ ...r, share, pipeline, projectedAt, mail, request, writeXactsPerBooking: (x1.nextXid - x0.nextXid) / Math.max(1, r.ok) });
      log(
        `bench: open loop ${int(rate)} req/s: ${int(r.okPerSec)} ok/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, p99.9 ${ms(r.p999)} ms, ` +
          `errors ${r.errors + r.non2xx}; slowest projection lag p99 ${ms(pipeline.p99)} ms (${pipeline.perProjection[0]?.name ?? 'n/a'}); mail p99 ${ms(mail.p99)} ms`,
      );
    }
    monitor.mark('checks');

    // Completeness (before the lag query: it waits for the projection to catch up).
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

    // Lag over every closed-loop level (not the warm-up).
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
    log(`bench: closed loop: audit log lag p50 ${ms(auditLag.overall.p50)} ms, p99 ${ms(auditLag.overall.p99)} ms over ${auditLag.overall.count} entries`);

    const { rows: before } = await pool.query<{ rows: number; events: number }>(
      'SELECT (SELECT count(*)::int FROM bookings) AS rows, (SELECT count(*)::int FROM es_events) AS events',
    );
    await dropCheckpointLog(pool);
    monitor.mark('stop');
    const shares = monitor.groupShares();
    return {
      info,
      before: before[0]!,
      report: {
        topology: handle.topology,
        appStartupSeconds: app.startupSeconds,
        processes: handle.processes.map((p) => p.role),
        ceiling,
        warmup,
        levels,
        max,
        open,
        xacts,
        projections: names,
        lag,
        auditLag,
        foreignCpu: monitor.shares(),
        cpu: Object.fromEntries(Object.entries(shares).filter(([phase]) => phase !== 'setup' && phase !== 'stop')),
        completeness,
      },
    };
  } finally {
    await pool.end().catch(() => {});
    unregisterPool();
  }
}

/** The app stopped: its cluster on its own, N generated events, the rebuild CLI for bookings and for the audit log. */
async function rebuildBenches(
  o: BookingsBenchOptions,
  handle: TopologyHandle,
  before: { rows: number; events: number },
  monitor: ForeignCpuMonitor,
): Promise<BookingsReport['rebuild']> {
  const own = await startOwnPostgres(o.root, path.join(handle.dataDir, 'pg'), handle.pgPort);
  let generate: GenerateResult | null = null;
  const result: BookingsReport['rebuild'] = { bookings: { status: 'skipped' }, audit: { status: 'skipped' } };
  try {
    log(`bench: generating ${int(o.events)} BookingRequested events`);
    monitor.mark('generate');
    generate = await generateBookingEvents(own.url, o.events);
    log(`bench: generated in ${generate.seconds.toFixed(1)} s (+ VACUUM ANALYZE, ${generate.totalSeconds.toFixed(1)} s total); running the rebuild CLI`);
    const count = async (table: string) => {
      const check = new pg.Client({ connectionString: own.url });
      await check.connect();
      const { rows } = await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`).finally(() => check.end());
      return rows[0]!.n;
    };
    for (const [key, projection, table, expected] of [
      ['bookings', 'bookings', 'bookings', before.rows + o.events],
      ['audit', 'audit_log', 'audit_log', null],
    ] as const) {
      try {
        monitor.mark(`rebuild-${key}`);
        const run = await runRebuildCli({ root: o.root, databaseUrl: own.url, dataDir: handle.dataDir, expectedEvents: o.events + before.events, projection });
        result[key] = { status: 'done', generate, run, rowsAfter: await count(table), rowsExpected: expected };
        log(`bench: ${run.outputLine}`);
      } catch (err) {
        if (wasAborted()) throw err;
        result[key] = { status: 'failed', error: err instanceof Error ? err.message : String(err), generate };
        log(`bench: rebuild of ${projection} failed: ${(result[key] as { error: string }).error}`);
      }
    }
  } catch (err) {
    if (wasAborted()) throw err;
    const failed = { status: 'failed' as const, error: err instanceof Error ? err.message : String(err), generate };
    log(`bench: rebuild step failed: ${failed.error}`);
    return { bookings: failed, audit: failed };
  } finally {
    await own.stop();
  }
  return result;
}

function bookingId(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { booking?: { id?: unknown } };
    return typeof parsed.booking?.id === 'string' ? parsed.booking.id : null;
  } catch {
    return null;
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
