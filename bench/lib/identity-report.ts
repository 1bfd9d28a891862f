/** Turns an identity bench report into a console summary and the "Identity" section of docs/PERFORMANCE.md. */
import type { IdentityReport } from '../identity.bench.ts';
import type { HttpLoadResult } from './http-load.ts';
import { SEED_BATCH, SEED_PEOPLE, SEED_SPAN_DAYS } from './login-events.ts';
import { int, mb, mdTable, ms, textTable } from './stats.ts';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const firstLine = (s: string) => s.split('\n')[0] ?? s;



const LOGIN_HEAD = ['Connections', 'Client addresses', 'Duration', 'logins/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '2xx', '429', 'other non-2xx', 'errors', 'vs. raw verifies/s'];
function loginRows(r: IdentityReport): string[][] {
  const all = [...r.logins.map((l) => ({ l, one: false })), ...(r.loginsOneAddress ? [{ l: r.loginsOneAddress, one: true }] : [])];
  return all.map(({ l, one }) => [
    String(l.connections),
    one ? '1 (127.0.0.1)' : String(l.connections),
    `${l.seconds.toFixed(1)} s`,
    l.okPerSec.toFixed(1),
    ms(l.p50),
    ms(l.p95),
    ms(l.p99),
    ms(l.max),
    int(l.ok),
    int(l.statusCodes['429'] ?? 0),
    int(l.non2xx - (l.statusCodes['429'] ?? 0)),
    int(l.errors),
    `${pct(l.okPerSec / r.argon.parallel.perSec)}`,
  ]);
}

const AUTH_HEAD = ['Request', 'Connections', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'];
function authRows(list: HttpLoadResult[]): string[][] {
  return list.map((a) => [a.label, String(a.connections), int(a.okPerSec), ms(a.p50), ms(a.p95), ms(a.p99), int(a.non2xx)]);
}

const QUERY_HEAD = ['Query', 'Rows matching', 'p50 ms', 'p95 ms', 'max ms'];
function queryRows(r: IdentityReport): string[][] {
  return r.history.queries.map((q) => [`${q.label} \`${q.path.replace(/search=[^&]+/, 'search=<e-mail>')}\``, int(q.total), ms(q.p50), ms(q.p95), ms(q.max)]);
}

function loadLine(r: IdentityReport): string {
  const names: Record<string, string> = { argon: 'in-process Argon2', logins: 'login runs', authenticated: 'authenticated GETs', seed: 'seeding', queries: 'history queries', export: 'CSV export', rebuild: 'rebuild' };
  const phases = Object.keys(names).filter((p) => Number.isFinite(r.foreignCpu[p]));
  const shares = phases.map((p) => `${pct(r.foreignCpu[p]!)} during the ${names[p]}`).join(', ');
  const worst = Math.max(0, ...phases.map((p) => r.foreignCpu[p]!));
  return (
    `Share of the machine's CPU used by other processes (not the bench, the app, its PostgreSQL or their children): ${shares || 'unknown'} ` +
    `(${pct(r.loadAverage.cpuBusyBefore)} busy in the 2 s before the start).` +
    (worst > 0.1 ? ' Other work on the machine took a noticeable share of the CPUs, so these numbers are pessimistic.' : '') +
    (Number.isFinite(r.benchCpu.logins) ? ` The load generator (inside the bench process) used ${pct(r.benchCpu.logins!)} of the machine during the login runs.` : '')
  );
}

function timingLine(r: IdentityReport): string {
  const f = r.failed;
  const diff = f.known.p50 - f.unknown.p50;
  const codes = (c: Record<string, number>) => Object.entries(c).map(([k, v]) => `${k}×${v}`).join(', ');
  return (
    `unknown e-mail p50 **${ms(f.unknown.p50)} ms** (p95 ${ms(f.unknown.p95)}), known e-mail + wrong password p50 **${ms(f.known.p50)} ms** (p95 ${ms(f.known.p95)}): ` +
    `difference ${diff >= 0 ? '+' : ''}${ms(diff)} ms (${((diff / f.unknown.p50) * 100).toFixed(1)}% of the unknown-e-mail median) over ${f.pairs} interleaved pairs; ` +
    `statuses unknown ${codes(f.statuses.unknown)}, known ${codes(f.statuses.known)}; response bodies ${f.sameBody ? 'byte-identical' : 'DIFFER'}`
  );
}

function rebuildLine(r: IdentityReport): string {
  const rb = r.rebuild;
  if (rb.status === 'skipped') return 'skipped';
  if (rb.status === 'failed') return `FAILED: ${firstLine(rb.error)}`;
  return (
    `${int(rb.run.eventsPerSec)} events/s — \`${rb.run.outputLine}\`; CLI wall clock ${rb.run.wallSeconds.toFixed(1)} s; ` +
    `read model ${int(rb.rowsAfter)} rows, expected ${int(rb.rowsExpected)} (${rb.rowsAfter === rb.rowsExpected ? 'ok' : 'MISMATCH'})`
  );
}

export function consoleIdentityReport(r: IdentityReport): string {
  const out: string[] = [];
  const a = r.argon;
  const h = r.history;
  out.push('', `Identity bench — ${r.date.toISOString()}`);
  out.push(`${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memory}, Node ${r.machine.node}, ${r.machine.postgres}`);
  out.push(loadLine(r).replace(/\*\*/g, ''));
  out.push('', `verifyPassword in-process: p50 ${ms(a.sequential.p50)} ms one at a time; ${int(a.parallel.perSec)} verifies/s with ${a.parallel.concurrency} in flight (${a.threadpool})`);
  out.push('', 'POST /api/admin/login (right password)', textTable(LOGIN_HEAD, loginRows(r)));
  if (r.commitsPerLogin !== null) out.push(`Commits per login (1 connection): ${r.commitsPerLogin.toFixed(1)}; detector read for 127.0.0.1 (${int(r.detector.attemptsFromBenchIp)} attempts in the hour): ${ms(r.detector.queryMs)} ms`);
  out.push('', `Failed logins: ${timingLine(r).replace(/\*\*/g, '')}`);
  out.push('', 'Authenticated requests', textTable(AUTH_HEAD, authRows(r.authenticated)));
  out.push(
    '',
    `Login history: ${int(h.seed.attempts)} attempts (${int(h.seed.events)} events) appended in ${h.seed.seconds.toFixed(1)} s; projection ${h.catchUp.ok ? 'caught up' : 'DID NOT catch up'} ` +
      `${h.catchUp.sinceLastAppendSeconds.toFixed(1)} s after the last append (${int(h.catchUp.rows)} of ${int(h.catchUp.expectedRows)} rows)`,
  );
  const others = othersAtHeadLine(h.catchUp);
  if (others) out.push(others);
  out.push(textTable(QUERY_HEAD, queryRows(r).map((row) => row.map((c) => c.replace(/`/g, '')))));
  if (h.export) {
    out.push(
      `CSV export: ${int(h.export.rows)} rows (expected ${int(h.export.expectedRows)}), ${(h.export.bytes / 1024 ** 2).toFixed(1)} MiB in ${h.export.seconds.toFixed(1)} s = ${int(h.export.rows / h.export.seconds)} rows/s; ` +
        `app RSS ${mb(h.export.rssBeforeMb)} before, ${mb(h.export.rssFirstQuarterMb)} by the first quarter, peak ${mb(h.export.rssPeakMb)} (kernel peak ${mb(h.export.hwmPeakMb)}), ${mb(h.export.rssAfterMb)} after`,
    );
  }
  out.push(`Rebuild login_history: ${rebuildLine(r).replace(/`/g, '')}`, '');
  return out.join('\n');
}

export function markdownIdentitySection(r: IdentityReport): string {
  const m = r.machine;
  const a = r.argon;
  const h = r.history;
  const when = r.date.toISOString().replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');
  const lines: string[] = [];
  lines.push('## Identity', '');
  lines.push(`Measured ${when} with \`${r.commandLine}\` on ${r.revision} (bench/identity.bench.ts; re-run it to refresh this section).`, '');
  lines.push(
    `**Machine:** ${m.cpus} × ${m.cpuModel}, ${m.memory} RAM, ${m.os}; Node ${m.node}; ${m.postgres} with ${m.postgresSettings}. ` +
      'The app as `npm start` runs it (the api process, whose RSS the export measures, supervising a projector and a worker process), its PostgreSQL and the load generator share these cores. ' +
      loadLine(r),
    '',
  );
  lines.push(
    `The app runs with ${Object.entries(r.throttleEnv).map(([k, v]) => `\`${k}=${v}\``).join(', ')}: every bench request comes from 127.0.0.1, and the ` +
      'failed-login throttle (per account and per address) and the public POST rate limit would otherwise measure themselves. ' +
      `Logins use ${int(r.accounts.count)} approved accounts in rotation (created with the app's accounts module in ${r.accounts.seconds.toFixed(1)} s), so no account is in flight twice at once. ` +
      'No numeric targets exist for identity: these are the numbers an operator needs.',
    '',
  );

  lines.push('### Argon2id, the deliberate cost', '');
  lines.push(
    `\`verifyPassword\` (services/src/identity/password.ts: Argon2id, memoryCost 19,456 KiB, timeCost 2, parallelism 1) in the bench process: ` +
      `**${ms(a.sequential.p50)} ms** per verify one at a time (p95 ${ms(a.sequential.p95)} ms, ${a.sequential.count} verifies); ` +
      `**${int(a.parallel.perSec)} verifies/s** with ${a.parallel.concurrency} in flight for ${a.parallel.seconds.toFixed(1)} s (${a.threadpool}). ` +
      'That is the ceiling for logins per second on this machine: every login (right or wrong password, known or unknown e-mail) pays one verify.',
    '',
  );

  lines.push('### Login throughput and latency (right password)', '');
  lines.push(
    'A closed loop (each connection sends its next login when the answer arrived; keep-alive), `POST /api/admin/login` with a right password, one run per connection count. ' +
      'Each connection has its own source address on the loopback network (127.0.0.10, .11, …), so the app sees as many client addresses as connections, as it would with real users; ' +
      'the last row repeats the most connections from 127.0.0.1 alone (one office behind NAT, or every client when a reverse proxy is not trusted). ' +
      (r.warmup.ok ? `A ${r.warmup.seconds.toFixed(0)} s warm-up at ${r.warmup.connections} connections (${int(r.warmup.ok)} logins) came first. ` : '') +
      'Each login: address-block check, throttle charge and refund (two short transactions), one Argon2id verify, the account\'s events folded, ' +
      'the suspicious-login detector\'s reads, a LoginSucceeded append, a `login_attempt` row and a new session row. Latencies are of 2xx responses (exact percentiles). ' +
      'The last column compares with the in-process verify rate above.',
    '',
  );
  lines.push(mdTable(LOGIN_HEAD, loginRows(r)), '');
  if (r.commitsPerLogin !== null) {
    lines.push(
      `PostgreSQL committed about **${r.commitsPerLogin.toFixed(1)} transactions per successful login** during the 1-connection run (\`pg_stat_database.xact_commit\` over the run, ` +
        `minus the ${r.backgroundCommitsPerSec?.toFixed(1) ?? '?'} commits/s the idle app makes (queue polling, timers) measured just before). ` +
        'Every statement outside an explicit transaction counts as one, reads included; the projector\'s batches are included too. Only the writing ones wait for a WAL flush (`synchronous_commit=on`).',
      '',
    );
  }
  lines.push(
    `The suspicious-login detector reads the attempts of the e-mail **or the address** in the last hour (up to 5,000 rows): after these runs 127.0.0.1 had ${int(r.detector.attemptsFromBenchIp)} attempts in the hour, ` +
      `and that read took ${ms(r.detector.queryMs)} ms on its own.`,
    '',
  );
  const failures = [...r.logins, ...(r.loginsOneAddress ? [r.loginsOneAddress] : [])].flatMap((l) => l.sampleFailures.slice(0, 2).map((f) => `${l.label}: ${f}`));
  if (failures.length) lines.push('Sample failures:', '', ...failures.slice(0, 4).map((f) => `- \`${f.replace(/`/g, "'")}\``), '');

  lines.push('### Failed logins: no enumeration by timing', '');
  lines.push(
    `One request at a time, an unknown e-mail and a known e-mail with a wrong password alternating (which goes first alternates too): ${timingLine(r)}. ` +
      'An unknown e-mail is verified against a dummy Argon2id hash and reads a (missing) event stream, so both paths do the same work.',
    '',
  );

  lines.push('### Authenticated request overhead', '');
  lines.push(
    `autocannon, ${r.authenticated[0]?.seconds.toFixed(0) ?? '?'} s per row, the admin's bearer token. \`/healthz\` is the floor (no session lookup); ` +
      '`auth.me` adds the session lookup (one indexed read, `last_seen_at` touched at most once a minute) and the account load (its event stream folded); ' +
      '`GET /api/admin/users?pageSize=1` adds the users read model query with its counters.',
    '',
  );
  lines.push(mdTable(AUTH_HEAD, authRows(r.authenticated)), '');

  lines.push('### Login history at scale', '');
  lines.push(
    `**Seeding:** ${int(h.seed.attempts)} login attempts (${int(h.seed.succeeded)} successes, ${int(h.seed.failed)} failures, ${int(h.seed.suspicious)} flagged suspicious; ` +
      `${int(h.seed.sessionEnded)} sessions ended: ${int(h.seed.events)} events) of ${int(SEED_PEOPLE)} people, evenly spread over the last ${SEED_SPAN_DAYS} days, ` +
      `each in its own \`login-<loginId>\` stream, appended to the running app's store through \`es_append\` (the function \`PostgresEventStore.append\` calls; expected version \`no_stream\`), ` +
      `${int(SEED_BATCH)} streams per statement, every event's data validated by the contracts' schemas: ${h.seed.seconds.toFixed(1)} s (${int(h.seed.events / h.seed.seconds)} events/s).`,
    '',
  );
  lines.push(
    `**Live projection:** the app's projector ${h.catchUp.ok ? 'had every row' : 'DID NOT have every row'} ${h.catchUp.sinceLastAppendSeconds.toFixed(1)} s after the last append ` +
      `(${int(h.catchUp.rows)} of ${int(h.catchUp.expectedRows)} rows, every SessionEnded applied; ${h.catchUp.seconds.toFixed(1)} s from the first append, ` +
      `i.e. ${int(h.seed.events / h.catchUp.seconds)} events/s end to end while seeding).` +
      (othersAtHeadLine(h.catchUp) ? ` ${othersAtHeadLine(h.catchUp)}` : ''),
    '',
  );
  lines.push(
    `**Viewer queries** (\`GET /api/admin/login-history\`, admin bearer token, 30 requests one after the other after 3 warm-ups; each answers the page, the total, the four tiles and the per-day chart in one statement). ` +
      `The e-mail searched has ${int(h.seed.searchEmailAttempts)} attempts in all.`,
    '',
  );
  lines.push(mdTable(QUERY_HEAD, queryRows(r)), '');
  if (h.export) {
    const e = h.export;
    lines.push(
      `**CSV export of everything** (\`GET /api/admin/login-history/export?dateRange=all\`): ${int(e.rows)} rows (read model: ${int(e.expectedRows)}, ${e.rows === e.expectedRows ? 'ok' : 'MISMATCH'}), ` +
        `${(e.bytes / 1024 ** 2).toFixed(1)} MiB in **${e.seconds.toFixed(1)} s = ${int(e.rows / e.seconds)} rows/s**, first byte after ${ms(e.firstByteMs)} ms. ` +
        `App process RSS: ${mb(e.rssBeforeMb)} before, ${mb(e.rssFirstQuarterMb)} at most while the first quarter of the rows arrived, **peak ${mb(e.rssPeakMb)}** over the whole export ` +
        `(${int(e.samples)} samples every 20 ms${e.hwmPeakMb !== null ? `; kernel high-water mark, reset before the export: ${mb(e.hwmPeakMb)}` : ''}), ${mb(e.rssAfterMb)} after. ` +
        'The export pages through the read model by keyset (1,000 rows per query) and streams the CSV: a buffered export would keep growing until the last row, ' +
        'a streamed one levels off once its working set (a batch of rows, the socket buffers, uncollected garbage) is reached. ' +
        (e.rssPeakMb - e.rssFirstQuarterMb > 0.5 * (e.rssPeakMb - e.rssBeforeMb)
          ? `**In this run RSS did not level off**: most of the growth (${mb(e.rssPeakMb - e.rssFirstQuarterMb)} of ${mb(e.rssPeakMb - e.rssBeforeMb)}) came after the first quarter, so this run does not show a flat profile (see "What limits the identity numbers").`
          : `In this run ${mb(e.rssFirstQuarterMb - e.rssBeforeMb)} of the ${mb(e.rssPeakMb - e.rssBeforeMb)} growth came during the first quarter: it levelled off.`),
      '',
    );
  }

  lines.push('### Rebuild of login_history', '');
  lines.push(
    r.rebuild.status === 'done'
      ? `App stopped first (SIGTERM), then \`node services/dist/rebuild.js login_history\` on its database: **${int(r.rebuild.run.eventsPerSec)} events/s** ` +
          `(\`${r.rebuild.run.outputLine}\`; the count is every event of the store, the projection applies the login ones); CLI wall clock ${r.rebuild.run.wallSeconds.toFixed(1)} s. ` +
          `Rows after the swap: ${int(r.rebuild.rowsAfter)}, before: ${int(r.rebuild.rowsExpected)} (${r.rebuild.rowsAfter === r.rebuild.rowsExpected ? 'ok' : 'MISMATCH'}).`
      : `Rebuild: ${rebuildLine(r)}.`,
    '',
  );

  lines.push('### How to run', '');
  lines.push(
    '`npm run bench -- identity`. Options: `--login-events N` (attempts to seed, default 200,000), `--login-connections 1,4,16`, `--accounts N` (default 64), ' +
      '`--duration S` (per login run; the authenticated GETs run half as long; default 10), `--warmup S` (default 2), `--catch-up-timeout S` (default 60), ' +
      '`--keep`, `--no-docs`. The app runs as a child process on the embedded PostgreSQL with a fresh `.data/bench-identity-<timestamp>` directory, deleted at the end.',
    '',
  );
  return lines.join('\n');
}

/** When the projections that apply no login event reached the head, and how far login_history was then. */
function othersAtHeadLine(c: IdentityReport['history']['catchUp']): string | null {
  // Reports written before this field existed have none.
  if (c.othersAtHead === undefined) return null;
  if (c.othersAtHead === null) return 'The projections that skip login events did not all reach the head within the wait.';
  return (
    `The ${int(c.othersAtHead.projections)} projections that skip login events all had the head ${c.othersAtHead.sinceLastAppendSeconds.toFixed(1)} s after the last append, ` +
    `login_history ${int(c.othersAtHead.rows)} of ${int(c.expectedRows)} rows then.`
  );
}
