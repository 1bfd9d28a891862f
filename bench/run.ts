/**
 * `npm run bench -- [bookings] [identity] [site] [options]`: builds, then runs the named benches (all without a name)
 * and rewrites their section of docs/PERFORMANCE.md.
 *
 * Exit codes: 0 = the bench ran (targets are reported, not enforced), 1 = the bench itself failed,
 * 2 = bad arguments, 3 = accepted bookings (or seeded login attempts) are missing from the read model (data loss),
 * 130 = interrupted.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AuditBenchOptions, consoleAuditReport, markdownAuditSection, runAuditBench } from './audit.bench.ts';
import { consoleApiLogsReport, markdownApiLogsSection, runApiLogsBench } from './api-logs.bench.ts';
import { consoleWebhooksReport, markdownWebhooksSection, runWebhooksBench } from './webhooks.bench.ts';
import { type BookingsBenchOptions, type BookingsReport, runBookingsBench } from './bookings.bench.ts';
import type { Topology } from './lib/topology.ts';
import { CRM_BENCH_CASES, type CrmBenchCase, type CrmBenchOptions, runCrmBench } from './crm.bench.ts';
import { consoleCrmReport, markdownCrmDashboardSection, markdownCrmSection } from './lib/crm-report.ts';
import { type IdentityBenchOptions, type IdentityReport, runIdentityBench } from './identity.bench.ts';
import { consoleIdentityReport, markdownIdentitySection } from './lib/identity-report.ts';
import { consoleSiteReport, markdownSiteSection, runSiteBench } from './site.bench.ts';
import { installSignalHandlers, runCleanups, wasAborted } from './lib/processes.ts';
import { consoleReport, markdownSection, writePerformanceDoc } from './lib/report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: npm run bench -- [bookings] [identity] [site] [crm] [audit] [api-logs] [webhooks] [options]
  --events N              bookings: rebuild bench size (default 1000000; 0 skips the rebuild)
  --duration S            seconds per connection count (default 10)
  --connections LIST      bookings: comma-separated connection counts (default 1,8,32,64)
  --open-duration S       bookings: seconds per open-loop rate (50 % and 25 % of the maximum; default 20)
  --open-max R            bookings: the open-loop rates are 50 % and 25 % of R req/s, not of the measured maximum
                          (fixed rates to compare runs on a noisy machine; the targets assume the measured one)
  --topology LIST         bookings: comma-separated, in order: supervised (what npm start runs: the api forks
                          projector and worker), all (one process, APP_PROCESSES=single), split (ROLE=api,
                          projector, worker as separate commands); default supervised,all; both = all,split
  --login-events N        identity: login attempts seeded into login history (default 200000)
  --login-connections L   identity: connection counts for POST /api/admin/login (default 1,4,16)
  --accounts N            identity: accounts the logins rotate over (default 64)
  --loads N               site: cold loads of the landing page in Chromium (default 10)
  --crm-customers N       crm: customers created through the command (default 1000000)
  --crm-deals N           crm: open deals for the kanban bench (default 5000)
  --crm-concurrency C     crm: commands in flight while filling (default 32)
  --crm-samples N         crm: requests per search term and per dashboard period (default 200)
  --crm-cases LIST        crm: what runs after the fill: export,search,board,dashboard (default all)
  --crm-dashboard-deals N crm: deals in all (open, won, lost) before the dashboard is measured (default 50000)
  --audit-entries N       audit: entries in the audit log when its queries and export run (default 1000000)
  --audit-attempts N      audit: login attempts appended to time the audit_log projection (default 50000)
  --warmup S              warm-up seconds before the measured runs (default 2; 0 = none)
  --ceiling-duration S    pgbench duration (default 10)
  --catch-up-timeout S    how long to wait for the projection (default 60)
  --keep                  keep the .data/bench-<timestamp> directory
  --no-docs               do not rewrite docs/PERFORMANCE.md
  --doc FILE              write the sections into FILE instead of docs/PERFORMANCE.md (e.g. a copy, to look at them)
env BENCH_APP_LOG_LEVEL=info shows more of the app's log when it fails (default warn)`;

const BENCHES = ['bookings', 'identity', 'site', 'crm', 'audit', 'api-logs', 'webhooks'] as const;
type BenchName = (typeof BENCHES)[number];

interface Args {
  benches: BenchName[];
  options: Omit<BookingsBenchOptions, 'root' | 'commandLine'>;
  identity: Pick<IdentityBenchOptions, 'loginEvents' | 'loginConnections' | 'accounts'>;
  docs: boolean;
  /** The file the sections are written into (docs/PERFORMANCE.md unless --doc). */
  doc: string;
  siteLoads: number;
  crm: Pick<CrmBenchOptions, 'customers' | 'openDeals' | 'concurrency' | 'samples' | 'cases' | 'dashboardDeals'>;
  audit: Pick<AuditBenchOptions, 'entries' | 'projectionAttempts'>;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const options: Args['options'] = {
    connections: [1, 8, 32, 64],
    seconds: 10,
    openSeconds: 20,
    warmupSeconds: 2,
    ceilingSeconds: 10,
    events: 1_000_000,
    catchUpTimeoutSeconds: 60,
    keepData: false,
    topologies: ['supervised', 'all'],
  };
  const identity: Args['identity'] = { loginEvents: 200_000, loginConnections: [1, 4, 16], accounts: 64 };
  let docs = true;
  let doc = path.join(root, 'docs/PERFORMANCE.md');
  let siteLoads = 10;
  const crm: Args['crm'] = { customers: 1_000_000, openDeals: 5000, concurrency: 32, samples: 200, cases: new Set(CRM_BENCH_CASES), dashboardDeals: 50_000 };
  const audit: Args['audit'] = { entries: 1_000_000, projectionAttempts: 50_000 };
  const benches: BenchName[] = [];
  const num = (flag: string, value: string | undefined, min: number): number => {
    const n = Number(value?.replace(/_/g, ''));
    if (value === undefined || !Number.isFinite(n) || n < min) throw new UsageError(`${flag} needs a number ≥ ${min}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--events':
        options.events = Math.floor(num(flag, value(), 0));
        break;
      case '--duration':
        options.seconds = num(flag, value(), 1);
        break;
      case '--open-duration':
        options.openSeconds = num(flag, value(), 1);
        break;
      case '--open-max':
        options.openMax = num(flag, value(), 1);
        break;
      case '--topology': {
        const list = (value() ?? '')
          .split(',')
          .flatMap((t): string[] => (t === 'both' ? ['all', 'split'] : [t]));
        if (!list.every((t): t is Topology => t === 'all' || t === 'split' || t === 'supervised')) throw new UsageError('--topology takes a comma-separated list of supervised, all, split (or both)');
        options.topologies = [...new Set(list)] as Topology[];
        break;
      }
      case '--warmup':
        options.warmupSeconds = num(flag, value(), 0);
        break;
      case '--ceiling-duration':
        options.ceilingSeconds = Math.ceil(num(flag, value(), 1));
        break;
      case '--catch-up-timeout':
        options.catchUpTimeoutSeconds = num(flag, value(), 1);
        break;
      case '--connections': {
        const list = (value() ?? '').split(',').map((s) => Number(s.trim()));
        if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 1)) throw new UsageError('--connections needs positive integers, e.g. 1,8,32,64');
        options.connections = list;
        break;
      }
      case '--login-events':
        identity.loginEvents = Math.floor(num(flag, value(), 1));
        break;
      case '--accounts':
        identity.accounts = Math.floor(num(flag, value(), 1));
        break;
      case '--login-connections': {
        const list = (value() ?? '').split(',').map((s) => Number(s.trim()));
        if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 1)) throw new UsageError('--login-connections needs positive integers, e.g. 1,4,16');
        identity.loginConnections = list;
        break;
      }
      case '--loads':
        siteLoads = Math.floor(num(flag, value(), 1));
        break;
      case '--crm-customers':
        crm.customers = Math.floor(num(flag, value(), 1));
        break;
      case '--crm-deals':
        crm.openDeals = Math.floor(num(flag, value(), 0));
        break;
      case '--crm-concurrency':
        crm.concurrency = Math.floor(num(flag, value(), 1));
        break;
      case '--crm-samples':
        crm.samples = Math.floor(num(flag, value(), 10));
        break;
      case '--crm-cases': {
        const list = (value() ?? '').split(',').map((c) => c.trim());
        if (list.length === 0 || list.some((c) => !(CRM_BENCH_CASES as readonly string[]).includes(c))) throw new UsageError(`--crm-cases takes a list of ${CRM_BENCH_CASES.join(', ')}`);
        crm.cases = new Set(list as CrmBenchCase[]);
        break;
      }
      case '--crm-dashboard-deals':
        crm.dashboardDeals = Math.floor(num(flag, value(), 0));
        break;
      case '--audit-entries':
        audit.entries = Math.floor(num(flag, value(), 1));
        break;
      case '--audit-attempts':
        audit.projectionAttempts = Math.floor(num(flag, value(), 1));
        break;
      case '--keep':
        options.keepData = true;
        break;
      case '--no-docs':
        docs = false;
        break;
      case '--doc': {
        const file = value();
        if (!file) throw new UsageError('--doc needs a file');
        doc = path.resolve(file);
        break;
      }
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        if (flag.startsWith('-')) throw new UsageError(`unknown option ${flag}`);
        if (!(BENCHES as readonly string[]).includes(flag)) throw new UsageError(`unknown bench "${flag}" (known: ${BENCHES.join(', ')})`);
        if (!benches.includes(flag as BenchName)) benches.push(flag as BenchName);
    }
  }
  return { benches: benches.length ? benches : [...BENCHES], options, identity, docs, doc, siteLoads, crm, audit };
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`bench: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  for (const file of ['services/dist/main.js', 'services/dist/rebuild.js']) {
    if (!existsSync(path.join(root, file))) {
      process.stderr.write(`bench: ${file} is missing: run \`npm run build\` first (npm run bench does it)\n`);
      return 1;
    }
  }
  installSignalHandlers();
  const commandLine = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();

  let exitCode = 0;
  /**
   * Runs one bench: its report on the console, its sections written into docs/PERFORMANCE.md (unless --no-docs),
   * `failed` (a code) kept as the exit code. Returns null to go on, or the code to exit with (1 when the bench
   * threw, 130 on Ctrl-C).
   */
  const runOne = async <R,>(
    bench: string,
    run: () => Promise<R>,
    report: (r: R) => { text: string; sections: readonly (readonly [markdown: string, title: string])[]; failed?: number },
  ): Promise<number | null> => {
    try {
      const { text, sections, failed = 0 } = report(await run());
      process.stdout.write(text);
      if (args.docs) {
        const doc = args.doc;
        for (const [markdown, title] of sections) {
          writePerformanceDoc(doc, markdown, title);
          process.stdout.write(`\nWrote the "${title}" section of ${path.relative(root, doc)}\n`);
        }
      }
      if (failed && exitCode === 0) exitCode = failed;
      return null;
    } catch (err) {
      if (wasAborted()) return 130;
      process.stderr.write(`\nbench ${bench} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      await runCleanups();
      return 1;
    }
  };
  for (const bench of args.benches) {
    if (bench === 'webhooks') {
      const stop = await runOne(
        bench,
        () => runWebhooksBench({ root, commandLine, seconds: args.options.seconds, connections: 8, keepData: args.options.keepData }),
        (report) => ({ text: consoleWebhooksReport(report), sections: [[markdownWebhooksSection(report), 'Webhooks']], failed: report.delivered < report.accepted ? 3 : 0 }),
      );
      if (stop !== null) return stop;
      continue;
    }
    if (bench === 'api-logs') {
      const stop = await runOne(
        bench,
        () => runApiLogsBench({ root, commandLine, seconds: args.options.seconds, connections: [1, 16], keepData: args.options.keepData }),
        (report) => ({ text: consoleApiLogsReport(report), sections: [[markdownApiLogsSection(report), 'API logs']] }),
      );
      if (stop !== null) return stop;
      continue;
    }
    if (bench === 'audit') {
      const stop = await runOne(
        bench,
        async () => {
          const report = await runAuditBench({
            ...args.audit,
            root,
            commandLine,
            samples: 30,
            keepData: args.options.keepData,
            catchUpTimeoutSeconds: Math.max(300, args.options.catchUpTimeoutSeconds),
          });
          await runCleanups();
          return report;
        },
        (report) => ({ text: consoleAuditReport(report), sections: [[markdownAuditSection(report), 'Audit log']], failed: report.projection.ok ? 0 : 3 }),
      );
      if (stop !== null) return stop;
      continue;
    }
    if (bench === 'crm') {
      const stop = await runOne(
        bench,
        async () => {
          const report = await runCrmBench({
            ...args.crm,
            root,
            commandLine,
            catchUpTimeoutSeconds: Math.max(600, args.options.catchUpTimeoutSeconds),
            keepData: args.options.keepData,
          });
          await runCleanups();
          return report;
        },
        (report) => ({
          text: consoleCrmReport(report),
          sections: [
            // A run of the dashboard alone leaves the CRM section (searches, exports, board) as it was.
            ...(['export', 'search', 'board'].some((c) => args.crm.cases.has(c as CrmBenchCase)) ? [[markdownCrmSection(report), 'CRM'] as const] : []),
            ...(report.dashboard ? [[markdownCrmDashboardSection(report), 'CRM dashboard'] as const] : []),
          ],
          failed: report.errors.length ? 1 : 0,
        }),
      );
      if (stop !== null) return stop;
      continue;
    }
    if (bench === 'site') {
      const stop = await runOne(
        bench,
        async () => {
          const report = await runSiteBench({ root, commandLine, loads: args.siteLoads });
          await runCleanups();
          return report;
        },
        (report) => ({ text: consoleSiteReport(report), sections: [[markdownSiteSection(report), 'Public site']] }),
      );
      if (stop !== null) return stop;
      continue;
    }
    if (bench === 'identity') {
      let report: IdentityReport;
      try {
        report = await runIdentityBench({
          ...args.identity,
          root,
          commandLine,
          seconds: args.options.seconds,
          warmupSeconds: args.options.warmupSeconds,
          catchUpTimeoutSeconds: args.options.catchUpTimeoutSeconds,
          keepData: args.options.keepData,
        });
      } catch (err) {
        if (wasAborted()) return 130;
        process.stderr.write(`\nbench ${bench} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
        await runCleanups();
        return 1;
      }
      await runCleanups();
      process.stdout.write(consoleIdentityReport(report));
      if (args.docs) {
        const doc = args.doc;
        writePerformanceDoc(doc, markdownIdentitySection(report), 'Identity');
        process.stdout.write(`\nWrote the "Identity" section of ${path.relative(root, doc)}\n`);
      }
      if (report.rebuild.status === 'failed' && exitCode === 0) exitCode = 1;
      if ((!report.history.catchUp.ok || (report.rebuild.status === 'done' && report.rebuild.rowsAfter !== report.rebuild.rowsExpected)) && exitCode === 0) {
        process.stderr.write('bench: login attempts are missing from the login-history read model (or the rebuild disagrees): exit 3\n');
        exitCode = 3;
      }
      continue;
    }
    let report: BookingsReport;
    try {
      report = await runBookingsBench({ ...args.options, root, commandLine });
    } catch (err) {
      if (wasAborted()) return 130;
      process.stderr.write(`\nbench ${bench} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      await runCleanups();
      return 1;
    }
    await runCleanups();
    process.stdout.write(consoleReport(report));
    if (args.docs) {
      const doc = args.doc;
      writePerformanceDoc(doc, markdownSection(report));
      process.stdout.write(`\nWrote the "Bookings" section of ${path.relative(root, doc)}\n`);
    }
    if (report.rebuild.bookings.status === 'failed' || report.rebuild.audit.status === 'failed') exitCode = 1;
    if (report.topologies.some((t) => !t.completeness.ok) && exitCode === 0) {
      process.stderr.write('bench: accepted bookings are missing from the read model (or counts disagree): exit 3\n');
      exitCode = 3;
    }
  }
  return exitCode;
}

main()
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    process.stderr.write(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await runCleanups();
    process.exit(1);
  });
