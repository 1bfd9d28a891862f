/** Turns a bench report into a console table and the "Bookings" section of docs/PERFORMANCE.md. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BookingsReport, LevelReport } from '../bookings.bench.ts';
import { GENERATE_CHUNK } from './rebuild.ts';
import { int, mdTable, ms, textTable } from './stats.ts';

export const TARGETS = {
  rateShareOfCeiling: 0.25,
  p99Ms: 25,
  lagP99Ms: 50,
  rebuildEventsPerSec: 50_000,
} as const;

export interface TargetRow {
  target: string;
  measured: string;
  met: boolean | null;
}

function best(levels: readonly LevelReport[]): LevelReport | null {
  return levels.reduce<LevelReport | null>((b, l) => (!b || l.okPerSec > b.okPerSec ? l : b), null);
}

export function evaluateTargets(r: BookingsReport): TargetRow[] {
  const rows: TargetRow[] = [];
  const needed = TARGETS.rateShareOfCeiling * r.ceiling.tps;
  const top = best(r.levels);
  rows.push({
    target: `Booking rate ≥ ${TARGETS.rateShareOfCeiling} × raw INSERT rate (≥ ${int(needed)} req/s)`,
    measured: top
      ? `${int(top.okPerSec)} req/s at ${top.connections} connections = ${(top.okPerSec / r.ceiling.tps).toFixed(2)} × ${int(r.ceiling.tps)}`
      : 'no load level ran',
    met: top ? top.okPerSec >= needed : null,
  });
  const within = r.levels.filter((l) => l.p99 <= TARGETS.p99Ms);
  const over = r.levels.filter((l) => !(l.p99 <= TARGETS.p99Ms));
  rows.push({
    target: `p99 latency ≤ ${TARGETS.p99Ms} ms (every connection count)`,
    measured:
      r.levels.map((l) => `${ms(l.p99)} ms @${l.connections}`).join(', ') +
      (over.length && within.length ? ` (met at ${within.map((l) => l.connections).join(', ')} connection${within.length === 1 && within[0]!.connections === 1 ? '' : 's'} only)` : ''),
    met: r.levels.length ? over.length === 0 : null,
  });
  rows.push({
    target: `Projection lag p99 ≤ ${TARGETS.lagP99Ms} ms`,
    measured: `${ms(r.lag.overall.p99)} ms (p50 ${ms(r.lag.overall.p50)} ms, ${int(r.lag.overall.count)} bookings${r.lag.method === 'client' ? ', client-side' : ''})`,
    met: r.lag.overall.count > 0 ? r.lag.overall.p99 <= TARGETS.lagP99Ms : null,
  });
  rows.push({
    target: `Audit log keeps up: its lag p99 ≤ ${TARGETS.lagP99Ms} ms`,
    measured: `${ms(r.auditLag.overall.p99)} ms (p50 ${ms(r.auditLag.overall.p50)} ms, ${int(r.auditLag.overall.count)} entries)`,
    met: r.auditLag.overall.count > 0 ? r.auditLag.overall.p99 <= TARGETS.lagP99Ms : null,
  });
  const rb = r.rebuild;
  rows.push({
    target: `Rebuild ≥ ${int(TARGETS.rebuildEventsPerSec)} events/s`,
    measured:
      rb.status === 'done'
        ? `${int(rb.run.eventsPerSec)} events/s (${int(rb.run.events)} events in ${rb.run.seconds.toFixed(1)} s)`
        : rb.status === 'failed'
          ? `rebuild failed: ${firstLine(rb.error)}`
          : 'skipped (--events 0)',
    met: rb.status === 'done' ? rb.run.eventsPerSec >= TARGETS.rebuildEventsPerSec : rb.status === 'failed' ? false : null,
  });
  return rows;
}

const status = (met: boolean | null) => (met === null ? 'n/a' : met ? 'met' : 'NOT met');
const firstLine = (s: string) => s.split('\n')[0] ?? s;

function completenessLine(r: BookingsReport): string {
  const c = r.completeness;
  return (
    `${c.ok ? 'ok' : 'MISMATCH'}: ${int(c.accepted)} bookings accepted (2xx), ${int(c.idsReturned)} ids returned, ` +
    `${int(c.inReadModel)} of them in the read model (waited ${c.waitedSeconds.toFixed(1)} s after the last run); ` +
    `${int(c.eventsInStore)} BookingRequested events in the store (${int(c.eventsInStore - c.accepted)} from requests cut off in flight at the end of a run, at most ${c.inFlightBound} possible) ` +
    `and ${int(c.rowsInReadModel)} read-model rows`
  );
}

function levelRows(r: BookingsReport): string[][] {
  return r.levels.map((l) => [
    String(l.connections),
    `${l.seconds.toFixed(1)} s`,
    int(l.okPerSec),
    ms(l.p50),
    ms(l.p90),
    ms(l.p99),
    ms(l.max),
    int(l.ok),
    int(l.non2xx),
    `${int(l.errors)} (${int(l.timeouts)})`,
    ms(l.lag.p50),
    ms(l.lag.p99),
  ]);
}

const LEVEL_HEAD = ['Connections', 'Duration', '2xx req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', '2xx', 'non-2xx', 'errors (timeouts)', 'lag p50 ms', 'lag p99 ms'];



export function consoleReport(r: BookingsReport): string {
  const out: string[] = [];
  out.push('', `Bookings bench — ${r.date.toISOString()}`);
  out.push(`${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memory}, Node ${r.machine.node}, ${r.machine.postgres}`);
  out.push(loadLine(r));
  out.push('', `Raw INSERT ceiling: ${int(r.ceiling.tps)} tps (${r.ceiling.clients} clients, ${r.ceiling.seconds} s, ${r.ceiling.method})`);
  out.push('', 'POST /api/bookings', textTable(LEVEL_HEAD, levelRows(r)));
  out.push('', `Projection lag (${r.lag.method}): p50 ${ms(r.lag.overall.p50)} ms, p99 ${ms(r.lag.overall.p99)} ms, max ${ms(r.lag.overall.max)} ms over ${int(r.lag.overall.count)} bookings`);
  out.push(`Audit log lag: p50 ${ms(r.auditLag.overall.p50)} ms, p99 ${ms(r.auditLag.overall.p99)} ms, max ${ms(r.auditLag.overall.max)} ms over ${int(r.auditLag.overall.count)} entries`);
  out.push(`Completeness: ${completenessLine(r)}`);
  out.push(`Rebuild: ${rebuildLine(r)}`);
  out.push('', textTable(['Target', 'Measured', 'Status'], evaluateTargets(r).map((t) => [t.target, t.measured, status(t.met)])), '');
  return out.join('\n');
}

function loadLine(r: BookingsReport): string {
  const { cpuBusyBefore } = r.loadAverage;
  const names: Record<string, string> = { ceiling: 'INSERT ceiling', load: 'HTTP load', rebuild: 'rebuild' };
  const phases = Object.keys(names).filter((p) => Number.isFinite(r.foreignCpu[p]));
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const shares = phases.map((p) => `${pct(r.foreignCpu[p]!)} during the ${names[p]}`).join(', ');
  const worst = Math.max(0, ...phases.map((p) => r.foreignCpu[p]!));
  const gen = r.benchCpu.load;
  return (
    `Share of the machine's CPU used by other processes (not the bench, the app, its PostgreSQL or their children): ` +
    `${shares || 'unknown'} (${pct(cpuBusyBefore)} busy in the 2 s before the start).` +
    (worst > 0.1 ? ' Other work on the machine took a noticeable share of the CPUs, so these numbers are pessimistic.' : '') +
    (gen !== undefined && Number.isFinite(gen) ? ` The load generator (autocannon, inside the bench process) used ${pct(gen)} of the machine during the HTTP load.` : '')
  );
}

function rebuildLine(r: BookingsReport): string {
  const rb = r.rebuild;
  if (rb.status === 'skipped') return 'skipped (--events 0)';
  if (rb.status === 'failed') return `FAILED: ${firstLine(rb.error)}`;
  return (
    `${int(rb.run.eventsPerSec)} events/s — ${int(rb.run.events)} events replayed in ${rb.run.seconds.toFixed(1)} s ` +
    `(CLI process wall clock ${rb.run.wallSeconds.toFixed(1)} s); read model ${int(rb.rowsAfter)} rows, expected ${int(rb.rowsExpected)}` +
    (rb.rowsAfter === rb.rowsExpected ? ' (ok)' : ' (MISMATCH)')
  );
}

export function markdownSection(r: BookingsReport): string {
  const m = r.machine;
  const when = r.date.toISOString().replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');
  const targets = evaluateTargets(r);
  const rb = r.rebuild;
  const lines: string[] = [];
  lines.push('## Bookings', '');
  lines.push(`Measured ${when} with \`${r.commandLine}\` on ${r.revision} (bench/run.ts; re-run it to refresh this section).`, '');
  lines.push(
    `**Machine:** ${m.cpus} × ${m.cpuModel}, ${m.memory} RAM, ${m.os}; Node ${m.node}; ${m.postgres} with ${m.postgresSettings}. ` +
      'The app (api + projector + worker roles in one process), its PostgreSQL and the load generator share these cores. ' +
      loadLine(r),
    '',
  );
  lines.push('### Targets', '');
  lines.push(mdTable(['Target', 'Measured', 'Status'], targets.map((t) => [t.target, t.measured, status(t.met)]), false));
  const c = r.completeness;
  lines.push(
    `| Every accepted booking reaches the read model | ${int(c.inReadModel)} of ${int(c.idsReturned)} accepted bookings found; ` +
      `${int(c.eventsInStore)} BookingRequested events, ${int(c.rowsInReadModel)} rows | ${c.ok ? 'ok' : 'MISMATCH'} |`,
    '',
  );
  lines.push('Targets are goals, not CI gates: the bench exits 0 when one is missed.', '');

  lines.push('### Raw INSERT ceiling', '');
  lines.push(
    `**${int(r.ceiling.tps)} single-row INSERT transactions/s** on the same PostgreSQL (${r.ceiling.method}; ` +
      `${r.ceiling.clients} clients, ${r.ceiling.threads} threads, ${r.ceiling.seconds} s` +
      `${r.ceiling.latencyMs !== null ? `, mean latency ${ms(r.ceiling.latencyMs)} ms` : ''}), into a scratch table dropped afterwards. ` +
      'This is the upper bound for any write path that commits once per request.',
    '',
  );

  lines.push('### POST /api/bookings', '');
  lines.push(
    `autocannon (programmatic), every request a different valid booking; ${r.warmup.ok ? `after a ${r.warmup.seconds.toFixed(0)} s warm-up at ${r.warmup.connections} connections (${int(r.warmup.ok)} bookings), ` : ''}` +
      'one run per connection count, the projector allowed to catch up between runs. Latencies are of 2xx responses (exact percentiles); lag columns are per run.',
    '',
  );
  lines.push(mdTable(LEVEL_HEAD, levelRows(r)), '');
  const failures = r.levels.flatMap((l) => l.sampleFailures.map((f) => `${l.connections} conn: ${f}`));
  if (failures.length) lines.push('Sample failures:', '', ...failures.slice(0, 6).map((f) => `- \`${f.replace(/`/g, "'")}\``), '');

  lines.push('### Projection lag (commit → read-model row)', '');
  lines.push(
    `p50 **${ms(r.lag.overall.p50)} ms**, p99 **${ms(r.lag.overall.p99)} ms**, max ${ms(r.lag.overall.max)} ms over ${int(r.lag.overall.count)} bookings. ` +
      `Method: ${r.lag.description}.`,
    '',
  );
  lines.push(
    `Audit log (the same bookings' entries): p50 **${ms(r.auditLag.overall.p50)} ms**, p99 **${ms(r.auditLag.overall.p99)} ms**, max ${ms(r.auditLag.overall.max)} ms over ${int(r.auditLag.overall.count)} entries. ` +
      `Method: ${r.auditLag.description}.`,
    '',
  );

  lines.push('### Completeness', '');
  lines.push(`${completenessLine(r)}.`, '');

  lines.push('### Rebuild', '');
  if (rb.status === 'skipped') lines.push('Skipped (`--events 0`).', '');
  else {
    if (rb.generate) {
      lines.push(
        `${int(rb.generate.events)} BookingRequested events (one stream each) generated straight into \`es_events\`/\`es_streams\` with set-based SQL ` +
          `(generate_series, ${int(GENERATE_CHUNK)} per transaction) in ${rb.generate.seconds.toFixed(1)} s, then \`VACUUM (ANALYZE)\` + \`CHECKPOINT\` ` +
          `(${rb.generate.totalSeconds.toFixed(1)} s in all); ${int(rb.generate.validatedSample)} of them checked against \`bookingRequestedV1\`. ` +
          'The app was stopped first (SIGTERM), so no live projector competes with the rebuild.',
        '',
      );
    }
    if (rb.status === 'failed') lines.push(`**The rebuild failed:**`, '', '```', rb.error.slice(0, 2000), '```', '');
    else {
      lines.push(
        `\`node services/dist/rebuild.js bookings\`: **${int(rb.run.eventsPerSec)} events/s** (\`${rb.run.outputLine}\`); ` +
          `the CLI process took ${rb.run.wallSeconds.toFixed(1)} s wall clock including start-up. ` +
          `Read model after the swap: ${int(rb.rowsAfter)} rows, expected ${int(rb.rowsExpected)} (${rb.rowsAfter === rb.rowsExpected ? 'ok' : 'MISMATCH'}).`,
        '',
      );
    }
  }

  lines.push('### How to run', '');
  lines.push(
    '`npm run bench -- bookings` (all benches without an argument). Options: `--events N` (rebuild events, default 1,000,000; 0 skips), ' +
      '`--duration S` (per connection count, default 10), `--connections 1,8,32,64`, `--warmup S` (default 2), `--ceiling-duration S` (default 10), ' +
      '`--catch-up-timeout S` (default 60), `--keep` (keep the data directory), `--no-docs` (do not rewrite this section). ' +
      'The app runs as a child process on the embedded PostgreSQL with a fresh `.data/bench-<timestamp>` directory, deleted at the end.',
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
