/** Turns a bench report into a console table and the "Bookings" section of docs/PERFORMANCE.md. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BookingsReport, RebuildReport, TopologyReport } from '../bookings.bench.ts';
import { TOPOLOGY_NAMES } from './topology.ts';
import { GENERATE_CHUNK } from './rebuild.ts';
import { int, mdTable, ms, textTable } from './stats.ts';

export const TARGETS = {
  rateShareOfCeiling: 0.25,
  p99Ms: 25,
  lagP99Ms: 50,
  rebuildEventsPerSec: 50_000,
} as const;

type Cell = { measured: string; met: boolean | null };

export interface TargetRow {
  target: string;
  /** One cell per topology, or one for the whole run (`shared`). */
  cells: Cell[];
  shared?: boolean;
}

const openAt = (t: TopologyReport, share: number) => t.open.find((x) => x.share === share) ?? null;

/** Issue 17's targets, per topology (the rebuild is measured once, after the last topology). */
export function evaluateTargets(r: BookingsReport): TargetRow[] {
  const per = (fn: (t: TopologyReport) => Cell): Cell[] => r.topologies.map(fn);
  const rows: TargetRow[] = [];
  rows.push({
    target: `Booking throughput (HTTP accepted → appended → every projection holds it → mail sent; closed loop, best connection count) ≥ ${TARGETS.rateShareOfCeiling} × the raw INSERT ceiling of the same run`,
    cells: per((t) =>
      t.max
        ? {
            measured:
              `${t.max.endToEndComplete ? '' : '≤ '}${int(t.max.endToEndPerSec)}/s end to end at ${t.max.connections} conn = ${t.max.ratio.toFixed(3)} × ${int(t.ceiling.tps)} ` +
              `(accepted: ${int(t.max.okPerSec)} req/s = ${(t.max.okPerSec / t.ceiling.tps).toFixed(3)} ×)` +
              (t.max.endToEndComplete ? '' : ' (mails still unsent when the catch-up timed out)'),
            met: t.max.endToEndComplete && t.max.ratio >= TARGETS.rateShareOfCeiling,
          }
        : { measured: 'no load level ran', met: null },
    ),
  });
  rows.push({
    target: `Open loop at 50 % of the maximum: p99 ≤ ${TARGETS.p99Ms} ms from the intended send time`,
    cells: per((t) => {
      const o = openAt(t, 0.5);
      if (!o) return { measured: 'not run', met: null };
      const failed = o.errors + o.non2xx;
      return {
        measured: `p99 ${ms(o.p99)} ms at ${int(o.rate)} req/s (p50 ${ms(o.p50)}, p99.9 ${ms(o.p999)}${failed ? `, ${int(failed)} failed` : ''})`,
        met: o.p99 <= TARGETS.p99Ms && failed === 0,
      };
    }),
  });
  rows.push({
    target: `Projection lag p99 ≤ ${TARGETS.lagP99Ms} ms at 50 % of the maximum (commit → the slowest projection, audit log included, holds it)`,
    cells: per((t) => {
      const o = openAt(t, 0.5);
      if (!o || o.pipeline.count === 0) return { measured: 'not measured', met: null };
      return {
        measured: `${ms(o.pipeline.p99)} ms (p50 ${ms(o.pipeline.p50)}; slowest: ${o.pipeline.perProjection[0]?.name ?? 'n/a'})${o.pipeline.held < o.pipeline.count ? `, ${int(o.pipeline.count - o.pipeline.held)} not held` : ''}`,
        met: o.pipeline.held === o.pipeline.count && o.pipeline.p99 <= TARGETS.lagP99Ms,
      };
    }),
  });
  for (const [key, name] of [
    ['bookings', 'the bookings read model'],
    ['audit', 'the audit log'],
  ] as const) {
    const rb = r.rebuild[key];
    rows.push({
      target: `Rebuild of ${name} ≥ ${int(TARGETS.rebuildEventsPerSec)} events/s`,
      shared: true,
      cells: [
        rb.status === 'done'
          ? { measured: `${int(rb.run.eventsPerSec)} events/s (${int(rb.run.events)} events in ${rb.run.seconds.toFixed(1)} s)`, met: rb.run.eventsPerSec >= TARGETS.rebuildEventsPerSec }
          : rb.status === 'failed'
            ? { measured: `rebuild failed: ${firstLine(rb.error)}`, met: false }
            : { measured: 'skipped (--events 0)', met: null },
      ],
    });
  }
  rows.push({
    target: 'Every accepted booking reaches the read model, and its confirmation mail is sent (open-loop runs)',
    cells: per((t) => {
      const c = t.completeness;
      const mails = t.open.reduce((a, o) => ({ n: a.n + o.mail.count, sent: a.sent + o.mail.sent }), { n: 0, sent: 0 });
      return {
        measured: `${int(c.inReadModel)} of ${int(c.idsReturned)} in the read model; ${int(mails.sent)} of ${int(mails.n)} mails sent`,
        met: c.ok && mails.sent === mails.n,
      };
    }),
  });
  return rows;
}

const status = (met: boolean | null) => (met === null ? 'n/a' : met ? 'met' : 'NOT met');
const firstLine = (s: string) => s.split('\n')[0] ?? s;
const pct = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? 'n/a' : `${Math.round(x * 100)} %`);
const topologyName = (t: TopologyReport) => TOPOLOGY_NAMES[t.topology];

function targetTableRows(r: BookingsReport, markdown: boolean): string[][] {
  const cell = (c: Cell) => (markdown ? `${c.measured}: **${status(c.met)}**` : `${c.measured}: ${status(c.met)}`);
  return evaluateTargets(r).map((row) => [
    row.target,
    ...(row.shared ? r.topologies.map((_, i) => (i === 0 ? `${cell(row.cells[0]!)} (once, after the last topology)` : '″')) : row.cells.map(cell)),
  ]);
}

function completenessLine(t: TopologyReport): string {
  const c = t.completeness;
  return (
    `${c.ok ? 'ok' : 'MISMATCH'}: ${int(c.accepted)} bookings accepted (2xx), ${int(c.idsReturned)} ids returned, ` +
    `${int(c.inReadModel)} of them in the read model (waited ${c.waitedSeconds.toFixed(1)} s after the last run); ` +
    `${int(c.eventsInStore)} BookingRequested events in the store (${int(c.eventsInStore - c.accepted)} from requests cut off in flight at the end of a closed-loop run, at most ${c.inFlightBound} possible) ` +
    `and ${int(c.rowsInReadModel)} read-model rows`
  );
}

const LEVEL_HEAD = ['Connections', 'Duration', '2xx req/s', 'end to end /s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', '2xx', 'non-2xx', 'errors (timeouts)', 'lag p50 ms', 'lag p99 ms', 'write xacts / booking'];

function levelRows(t: TopologyReport): string[][] {
  return t.levels.map((l) => [
    String(l.connections),
    `${l.seconds.toFixed(1)} s`,
    int(l.okPerSec),
    `${l.endToEndComplete ? '' : '≤ '}${int(l.endToEndPerSec)}`,
    ms(l.p50),
    ms(l.p90),
    ms(l.p99),
    ms(l.max),
    int(l.ok),
    int(l.non2xx),
    `${int(l.errors)} (${int(l.timeouts)})`,
    ms(l.lag.p50),
    ms(l.lag.p99),
    l.writeXactsPerBooking.toFixed(2),
  ]);
}

const OPEN_HEAD = [
  'Topology',
  'Rate asked',
  '2xx/s',
  'p50 ms',
  'p99 ms',
  'p99.9 ms',
  'max ms',
  'failed',
  'send lag p99 ms',
  'slowest projection lag p50 / p99 / max ms',
  'mail lag p50 / p99 ms',
  'write xacts / booking',
];

function openRows(r: BookingsReport): string[][] {
  return r.topologies.flatMap((t) =>
    t.open.map((o) => [
      topologyName(t),
      `${int(o.rate)} req/s (${o.share * 100} %)`,
      int(o.okPerSec),
      ms(o.p50),
      ms(o.p99),
      ms(o.p999),
      ms(o.max),
      int(o.errors + o.non2xx),
      ms(o.sendLagP99),
      `${ms(o.pipeline.p50)} / ${ms(o.pipeline.p99)} / ${ms(o.pipeline.max)}`,
      `${ms(o.mail.p50)} / ${ms(o.mail.p99)}`,
      o.writeXactsPerBooking.toFixed(2),
    ]),
  );
}

const PHASES: Record<string, string> = { 'open-50': 'open loop, 50 %', 'open-25': 'open loop, 25 %' };

/** CPU share per process group, for the best closed-loop level and the open-loop runs. */
function cpuRows(r: BookingsReport): { head: string[]; rows: string[][] } {
  const groups: string[] = [];
  const rows: { label: string; shares: Record<string, number> }[] = [];
  for (const t of r.topologies) {
    const phases = [...(t.max ? [[`closed-${t.max.connections}`, `closed loop, ${t.max.connections} conn (max)`]] : []), ...Object.entries(PHASES)];
    for (const [phase, label] of phases) {
      const shares = t.cpu[phase!];
      if (!shares) continue;
      for (const g of Object.keys(shares)) if (!groups.includes(g)) groups.push(g);
      rows.push({ label: `${topologyName(t)}: ${label!}`, shares });
    }
  }
  const order = ['load generator (bench)', 'app (all roles)', 'api', 'projector', 'worker', 'postgres'];
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : g === 'other processes' ? order.length + 1 : order.length);
  groups.sort((x, y) => rank(x) - rank(y));
  return {
    head: ['Topology: phase', ...groups, 'idle'],
    rows: rows.map(({ label, shares }) => [
      label,
      ...groups.map((g) => pct(shares[g])),
      pct(1 - Object.values(shares).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0)),
    ]),
  };
}

function xactLine(t: TopologyReport): string {
  const x = t.xacts;
  if (!x) return `${topologyName(t)}: not measured`;
  return (
    `${topologyName(t)}: **${x.commitsPerBooking.toFixed(2)} committed transactions per booking** ` +
    `(Σ pg_stat_database.xact_commit, every database, read-only ones included: ${int(x.commits)} for ${int(x.bookings)} bookings, read ${x.settleSeconds.toFixed(0)} s after the run so every backend had flushed its counters), ` +
    `of which **${x.writeXactsPerBooking.toFixed(2)} wrote** (transaction ids used: ${int(x.writeXacts)})`
  );
}

function perProjectionLine(t: TopologyReport): string {
  const o = openAt(t, 0.5);
  if (!o) return `${topologyName(t)}: not measured`;
  return `${topologyName(t)}: ${o.pipeline.perProjection.map((p) => `${p.name} ${ms(p.p99)}`).join(', ') || 'n/a'}`;
}

/** Each projection's lag at 50 % split in its two stages (pipeline.ts `perProjection`). */
function stageRows(r: BookingsReport): string[][] {
  return r.topologies.flatMap((t) =>
    (openAt(t, 0.5)?.pipeline.perProjection ?? []).map((p) => [
      topologyName(t),
      p.name,
      `${ms(p.wait.p50)} / ${ms(p.wait.p99)}`,
      `${ms(p.batch.p50)} / ${ms(p.batch.p99)}`,
      `${ms(p.p50)} / ${ms(p.p99)}`,
    ]),
  );
}
/** Each open-loop run's requests split at their event's insertion (pipeline.ts `requestStages`). */
function requestRows(r: BookingsReport): string[][] {
  return r.topologies.flatMap((t) =>
    t.open.map((o) => [
      topologyName(t),
      `${int(o.rate)} req/s (${o.share * 100} %)`,
      `${ms(o.request.toAppend.p50)} / ${ms(o.request.toAppend.p99)}`,
      `${ms(o.request.toAnswer.p50)} / ${ms(o.request.toAnswer.p99)}`,
      `${ms(o.p50)} / ${ms(o.p99)}`,
    ]),
  );
}
const REQUEST_HEAD = ['Topology', 'Rate asked', 'intended send → event inserted, p50 / p99 ms', 'event inserted → answer received, p50 / p99 ms', 'whole request p50 / p99 ms'];

const STAGE_HEAD = ['Topology', 'Projection', 'wait: commit → its batch starts, p50 / p99 ms', 'batch: starts → checkpoint, p50 / p99 ms', 'lag p50 / p99 ms'];

export function consoleReport(r: BookingsReport): string {
  const out: string[] = [];
  out.push('', `Bookings bench — ${r.date.toISOString()}`);
  out.push(`${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memory}, Node ${r.machine.node}, ${r.machine.postgres}`);
  out.push(loadLine(r));
  for (const t of r.topologies) {
    out.push('', `== ${topologyName(t)} ==`);
    out.push(`Raw INSERT ceiling: ${int(t.ceiling.tps)} tps (${t.ceiling.clients} clients, ${t.ceiling.seconds} s, ${t.ceiling.method})`);
    out.push('', 'POST /api/bookings, closed loop', textTable(LEVEL_HEAD, levelRows(t)));
    out.push('', `Closed loop lag (${t.lag.method}, bookings read model): p50 ${ms(t.lag.overall.p50)} ms, p99 ${ms(t.lag.overall.p99)} ms over ${int(t.lag.overall.count)} bookings; audit log p50 ${ms(t.auditLag.overall.p50)} ms, p99 ${ms(t.auditLag.overall.p99)} ms`);
    out.push(`Per projection lag p99 at 50 % (ms): ${perProjectionLine(t)}`);
    out.push(...textTable(STAGE_HEAD.slice(1), stageRows({ ...r, topologies: [t] }).map((row) => row.slice(1))).split('\n').map((line) => `  ${line}`));
    const half = openAt(t, 0.5);
    if (half?.projectedAt) out.push(`  cross-check by projected_at, p99 (ms): bookings ${ms(half.projectedAt.bookings.p99)}, audit_log ${ms(half.projectedAt.audit.p99)}`);
    out.push(`Transactions: ${xactLine(t).replace(/\*\*/g, '')}`);
    out.push(`Completeness: ${completenessLine(t)}`);
  }
  out.push('', 'Open loop (fixed arrival rate; latency from the intended send time)', textTable(OPEN_HEAD, openRows(r)));
  out.push('', "Where a request's time goes (split at its event's insertion)", textTable(REQUEST_HEAD, requestRows(r)));
  const cpu = cpuRows(r);
  out.push('', 'CPU share of the machine (all cores = 100 %)', textTable(cpu.head, cpu.rows));
  out.push('', `Rebuild bookings: ${rebuildLine(r.rebuild.bookings)}`, `Rebuild audit log: ${rebuildLine(r.rebuild.audit)}`);
  out.push('', textTable(['Target', ...r.topologies.map(topologyName)], targetTableRows(r, false)), '');
  return out.join('\n');
}

function loadLine(r: BookingsReport): string {
  const { cpuBusyBefore } = r.loadAverage;
  const parts = r.topologies.map((t) => {
    const phases = Object.entries(t.foreignCpu).filter(([p, x]) => Number.isFinite(x) && (p === 'ceiling' || p.startsWith('closed-') || p.startsWith('open-')));
    const worst = Math.max(0, ...phases.map(([, x]) => x));
    return `${topologyName(t)}: up to ${pct(worst)} during its load runs`;
  });
  const worst = Math.max(0, ...r.topologies.flatMap((t) => Object.values(t.foreignCpu).filter(Number.isFinite)));
  return (
    `Share of the machine's CPU used by other processes (not the bench, the app, its PostgreSQL or their children): ${parts.join('; ')} ` +
    `(${pct(cpuBusyBefore)} busy in the 2 s before the start).` +
    (worst > 0.1 ? ' Other work on the machine took a noticeable share of the CPUs, so these numbers are pessimistic.' : '')
  );
}

function rebuildLine(rb: RebuildReport): string {
  if (rb.status === 'skipped') return 'skipped (--events 0)';
  if (rb.status === 'failed') return `FAILED: ${firstLine(rb.error)}`;
  return (
    `${int(rb.run.eventsPerSec)} events/s — ${int(rb.run.events)} events replayed in ${rb.run.seconds.toFixed(1)} s ` +
    `(CLI process wall clock ${rb.run.wallSeconds.toFixed(1)} s); ${int(rb.rowsAfter)} rows after the swap` +
    (rb.rowsExpected === null ? '' : `, expected ${int(rb.rowsExpected)}${rb.rowsAfter === rb.rowsExpected ? ' (ok)' : ' (MISMATCH)'}`)
  );
}

export function markdownSection(r: BookingsReport): string {
  const m = r.machine;
  const when = r.date.toISOString().replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');
  const lines: string[] = [];
  lines.push('## Bookings', '');
  lines.push(`Measured ${when} with \`${r.commandLine}\` on ${r.revision} (bench/run.ts; re-run it to refresh this section).`, '');
  lines.push(
    `**Machine:** ${m.cpus} × ${m.cpuModel}, ${m.memory} RAM, ${m.os}; Node ${m.node}; ${m.postgres} with ${m.postgresSettings}. ` +
      `The app, its PostgreSQL and the load generator share these cores. Topologies, one after the other on fresh data directories: ` +
      `${r.topologies.map((t) => `${topologyName(t)} (processes: ${t.processes.join(', ')})`).join('; ')}. ` +
      loadLine(r),
    '',
  );
  lines.push('### Targets', '');
  lines.push(mdTable(['Target', ...r.topologies.map(topologyName)], targetTableRows(r, true), false), '');
  lines.push('Targets are goals, not CI gates: the bench exits 0 when one is missed. The identity and CRM benches have their own sections.', '');

  lines.push('### Raw INSERT ceiling', '');
  for (const t of r.topologies) {
    lines.push(
      `- ${topologyName(t)}: **${int(t.ceiling.tps)} single-row INSERT transactions/s** (${t.ceiling.method}; ${t.ceiling.clients} clients, ${t.ceiling.threads} threads, ${t.ceiling.seconds} s` +
        `${t.ceiling.latencyMs !== null ? `, mean latency ${ms(t.ceiling.latencyMs)} ms` : ''}).`,
    );
  }
  lines.push('', 'Into a scratch table of the same cluster, dropped afterwards: the upper bound for any write path that commits once per request.', '');

  lines.push('### Closed loop: POST /api/bookings', '');
  lines.push(
    'autocannon (programmatic), every request a different valid booking, after a warm-up at 8 connections; one run per connection count, ' +
      'the projector and the mail worker allowed to catch up between runs. Latencies are of 2xx responses (exact percentiles); lag columns are the bookings ' +
      "read model's (projected_at − commit) per run; end to end = the run's 2xx ÷ the time from its start until every one of them is in the read model and has its confirmation mail sent; write transactions per booking = transaction ids used during the run and its catch-up ÷ 2xx. " +
      'The best connection count is the maximum the open-loop rates are derived from.',
    '',
  );
  for (const t of r.topologies) {
    lines.push(
      `**${topologyName(t)}**${t.max ? `: maximum ${int(t.max.okPerSec)} req/s accepted at ${t.max.connections} connections, ${int(t.max.endToEndPerSec)}/s end to end = ${t.max.ratio.toFixed(3)} × the ceiling` : ''}`,
      '',
    );
    lines.push(mdTable(LEVEL_HEAD, levelRows(t)), '');
    const failures = t.levels.flatMap((l) => l.sampleFailures.map((f) => `${l.connections} conn: ${f}`));
    if (failures.length) lines.push('Sample failures:', '', ...failures.slice(0, 6).map((f) => `- \`${f.replace(/`/g, "'")}\``), '');
  }

  lines.push('### Open loop: a fixed arrival rate', '');
  lines.push(
    'bench/lib/open-loop.ts: requests leave on a fixed schedule (start + i / rate) whatever the server does, over a keep-alive agent with up to 512 sockets, ' +
      "and each latency runs from the request's intended send time to the end of its response, so a stall counts against every request scheduled during it " +
      "(no coordinated omission; autocannon's `overallRate` paces a closed loop, and its `-C` only back-fills estimates). " +
      'Send lag: how late the scheduler itself sent (large means the load generator, not the app, fell behind). ' +
      'Slowest projection lag and mail lag: see below.',
    '',
  );
  lines.push(mdTable(OPEN_HEAD, openRows(r)), '');
  lines.push(
    "Where a request's time goes: *intended send → event inserted* covers the load generator's own delay, the HTTP request, its validation, " +
      "the decider and the append up to its INSERT (with the wait for a group commit's turn); *event inserted → answer received* the append's " +
      "COMMIT (its WAL flush), the reply and its way back. The split uses the event's `created_at` (PostgreSQL's clock) against the load " +
      "generator's times on the same machine's clock; percentiles of each stage on its own (they do not add up).",
    '',
    mdTable(REQUEST_HEAD, requestRows(r)),
    '',
  );

  lines.push('### Projection lag (commit → the slowest projection holds it)', '');
  lines.push(
    'Method (bench/lib/pipeline.ts): the bench adds a trigger on `projection_state` that logs each checkpoint update with `clock_timestamp()`; the runner ' +
      "writes a projection's checkpoint in its batch's transaction, after the rows, just before COMMIT, as the append takes `es_events.created_at` just before its own. " +
      "A projection holds an event from its first logged checkpoint at or past the event's (transaction id, position); the event's lag is the latest of those " +
      'moments over every projection that applies BookingRequested (no `eventTypes` filter, or one naming it), minus `created_at`. ' +
      'Measured on the bookings of the open-loop runs. The trigger adds one row per batch (not per event) and is dropped before the rebuild. ' +
      `Projections followed: ${r.topologies[0]?.projections.join(', ') ?? 'n/a'}.`,
    '',
  );
  lines.push("Each projection's own lag p99 at 50 % of the maximum (ms), slowest first:", '');
  for (const t of r.topologies) lines.push(`- ${perProjectionLine(t)}`);
  lines.push('');
  lines.push(
    "Where each projection's lag goes at 50 % of the maximum: *wait* runs from the event's commit to the start of the batch that applies it " +
      '(the NOTIFY to the projector process, the spaced read from the tail, the pause between two batches, the batch before it still committing), ' +
      "*batch* from that start to its checkpoint (the batch's reads and writes); the trigger also logs the start the runner sets in the batch's " +
      'transaction (`crm.batch_started_at`).',
    '',
    mdTable(STAGE_HEAD, stageRows(r)),
    '',
  );
  const cross = r.topologies.flatMap((t) => {
    const o = openAt(t, 0.5);
    return o?.projectedAt ? [`${topologyName(t)}: bookings ${ms(o.projectedAt.bookings.p99)}, audit_log ${ms(o.projectedAt.audit.p99)}`] : [];
  });
  if (cross.length) {
    lines.push(
      "Cross-check, the same bookings by the read models' own `projected_at` (written with the row, before the checkpoint, so a little lower), p99 ms: " +
        `${cross.join('; ')}.`,
      '',
    );
  }
  lines.push(
    "Mail lag: commit → `mail_sent.sent_at` of the booking's confirmation (the send job's transaction start). Closed loop, for comparison with earlier runs: " +
      r.topologies
        .map(
          (t) =>
            `${topologyName(t)}: bookings read model p50 ${ms(t.lag.overall.p50)} ms, p99 ${ms(t.lag.overall.p99)} ms over ${int(t.lag.overall.count)} bookings; ` +
            `audit log p50 ${ms(t.auditLag.overall.p50)} ms, p99 ${ms(t.auditLag.overall.p99)} ms`,
        )
        .join('; ') +
      ` (${r.topologies[0]?.lag.description ?? ''}).`,
    '',
  );

  lines.push('### Transactions and CPU per booking', '');
  lines.push('At 50 % of the maximum (open loop), the run and its catch-up (projections and mails):', '');
  for (const t of r.topologies) lines.push(`- ${xactLine(t)}.`);
  lines.push('');
  const cpu = cpuRows(r);
  lines.push(
    "Share of the whole machine's CPU (all cores = 100 %) per process group, from /proc: the load generator is the bench process (autocannon or the open-loop " +
      'scheduler), `postgres` the postmaster and every backend (whichever role it serves), each app process with its children; "other processes" is work outside the bench.',
    '',
  );
  lines.push(mdTable(cpu.head, cpu.rows), '');

  lines.push('### Completeness', '');
  for (const t of r.topologies) lines.push(`- ${topologyName(t)}: ${completenessLine(t)}.`);
  lines.push('');

  lines.push('### Rebuild', '');
  const rb = r.rebuild.bookings.status !== 'skipped' ? r.rebuild.bookings : r.rebuild.audit;
  if (rb.status === 'skipped') lines.push('Skipped (`--events 0`).', '');
  else {
    if (rb.generate) {
      lines.push(
        `${int(rb.generate.events)} BookingRequested events (one stream each) generated straight into \`es_events\`/\`es_streams\` with set-based SQL ` +
          `(generate_series, ${int(GENERATE_CHUNK)} per transaction) in ${rb.generate.seconds.toFixed(1)} s, then \`VACUUM (ANALYZE)\` + \`CHECKPOINT\` ` +
          `(${rb.generate.totalSeconds.toFixed(1)} s in all); ${int(rb.generate.validatedSample)} of them checked against \`bookingRequestedV1\`. ` +
          'The app was stopped first (SIGTERM), so no live projector competes with the rebuilds; both replay every event of the store.',
        '',
      );
    }
    for (const [name, cli, x] of [
      ['Bookings read model', 'bookings', r.rebuild.bookings],
      ['Audit log', 'audit_log', r.rebuild.audit],
    ] as const) {
      if (x.status === 'failed') lines.push(`- ${name}: **the rebuild failed:** \`${firstLine(x.error).replace(/`/g, "'")}\``);
      else if (x.status === 'done') lines.push(`- ${name} (\`node services/dist/rebuild.js ${cli}\`): **${int(x.run.eventsPerSec)} events/s**; ${rebuildLine(x).replace(/^[\d,]+ events\/s — /, '')}.`);
    }
    lines.push('');
  }

  lines.push('### How to run', '');
  lines.push(
    '`npm run bench -- bookings` (all benches without an argument). Options: `--topology LIST` (comma-separated `supervised` (what `npm start` runs), `all` (one process), `split` (the roles as separate commands); default `supervised,all`), `--events N` (rebuild events, default 1,000,000; 0 skips), ' +
      '`--duration S` (per connection count, default 10), `--open-duration S` (per open-loop rate, default 20), `--connections 1,8,32,64`, `--warmup S` (default 2), ' +
      '`--ceiling-duration S` (default 10), `--catch-up-timeout S` (default 60), `--keep` (keep the data directories), `--no-docs` (do not rewrite this section). ' +
      'The app runs as child processes on the embedded PostgreSQL with a fresh `.data/bench-<timestamp>` (and `.data/bench-split-<timestamp>`) directory, deleted at the end.',
    '',
  );
  return lines.join('\n');
}

/** Replaces the "## <heading>" section of docs/PERFORMANCE.md (up to the next "## "), keeping the others. */
export function writePerformanceDoc(file: string, section: string, heading = 'Bookings'): void {
  const header = '# Performance\n\nMeasured by `npm run bench`; each section is rewritten by its bench.\n\n';
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const lines = existing.split('\n');
  const start = lines.findIndex((l) => l.trimEnd() === `## ${heading}`);
  let next: string;
  if (start < 0) next = `${existing.replace(/\s*$/, '')}\n\n${section.trimEnd()}\n`;
  else {
    let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
    if (end < 0) end = lines.length;
    const before = lines.slice(0, start).join('\n').replace(/\s*$/, '');
    const after = lines.slice(end).join('\n').trim();
    next = `${before}\n\n${section.trimEnd()}\n${after ? `\n${after}\n` : ''}`;
  }
  writeFileSync(file, next);
}
