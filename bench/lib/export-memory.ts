import { readFileSync, writeFileSync } from 'node:fs';
import { type AppHandle, BENCH_ADMIN, startApp } from './app.ts';
import { createProgress } from './progress.ts';

/** The process's resident set and its kernel peak (VmHWM), in MB; null when /proc cannot be read. */
function rssMb(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

export interface StreamedExportRun {
  rows: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Peak while the first quarter of the expected rows streamed (memory that grows with rows shows here first). */
  rssFirstQuarterMb: number;
  rssAfterMb: number;
  /** The kernel's peak since the start, when the bench may reset it (`/proc/<pid>/clear_refs`). */
  hwmPeakMb: number | null;
  samples: number;
}

/**
 * GETs a streamed CSV export and counts its rows (lines after the header) while sampling the app's RSS every
 * 20 ms: the export benches' measure of whether memory stays flat as rows grow.
 */
export async function measureStreamedExport(options: {
  url: string;
  headers: Record<string, string>;
  pid: number | undefined;
  expectedRows: number;
  label: string;
}): Promise<StreamedExportRun> {
  const { url, headers, pid, expectedRows } = options;
  if (pid === undefined) throw new Error('the app process has no pid');
  let hwmReset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    hwmReset = true;
  } catch {
    // not allowed here: the sampled peak is all there is
  }
  const before = rssMb(pid);
  let peak = before?.rss ?? NaN;
  let firstQuarter = peak;
  let samples = 0;
  let rows = -1; // the header line
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now) {
      peak = Math.max(peak, now.rss);
      if (rows < expectedRows / 4) firstQuarter = Math.max(firstQuarter, now.rss);
      samples++;
    }
  }, 20);
  const progress = createProgress(options.label, expectedRows, 'rows');
  const started = performance.now();
  let firstByteMs = NaN;
  let bytes = 0;
  try {
    const res = await fetch(url, { headers });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) rows++;
      progress.update(Math.max(0, rows));
    }
  } finally {
    clearInterval(timer);
    progress.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const after = rssMb(pid);
  if (after) peak = Math.max(peak, after.rss);
  return {
    rows,
    bytes,
    seconds,
    firstByteMs,
    rssBeforeMb: before?.rss ?? NaN,
    rssPeakMb: peak,
    rssFirstQuarterMb: firstQuarter,
    rssAfterMb: after?.rss ?? NaN,
    hwmPeakMb: hwmReset && after ? after.hwm : null,
    samples,
  };
}

/**
 * The streaming proof: an export again, in the app restarted with V8's old space capped at CAPPED_HEAP_MB. Held
 * rows could not fit there (1M rows are well over 100 MB of CSV, and more as strings), so an export that completes
 * in it streams; the RSS rises of uncapped exports only show what heap V8 chose to grow to.
 */
export const CAPPED_HEAP_MB = 64;
export const CAPPED_NODE_OPTIONS = `--max-old-space-size=${CAPPED_HEAP_MB} --max-semi-space-size=8`;
export type CappedStreamedExport = ({ completed: true } & StreamedExportRun) | { completed: false; error: string };

/**
 * Stops `app`, starts it again on its data with CAPPED_NODE_OPTIONS (every process of it), logs the bench's admin in
 * and GETs `path` (a streamed CSV export of `expectedRows` rows); the capped app is stopped at the end.
 */
export async function exportWithCappedHeap(options: {
  app: AppHandle;
  root: string;
  dataDir: string;
  pgPort: number;
  env?: Record<string, string>;
  path: string;
  expectedRows: number;
  label: string;
}): Promise<CappedStreamedExport> {
  const { app, expectedRows } = options;
  await app.stop();
  process.stderr.write(`bench: the app restarted with NODE_OPTIONS="${CAPPED_NODE_OPTIONS}" for the capped-heap export\n`);
  const capped = await startApp({ root: options.root, dataDir: options.dataDir, port: Number(new URL(app.baseUrl).port), pgPort: options.pgPort, env: { ...options.env, NODE_OPTIONS: CAPPED_NODE_OPTIONS } });
  try {
    const login = await fetch(`${capped.baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
    const { token } = (await login.json()) as { token?: string };
    if (!token) throw new Error(`admin login failed: ${login.status}`);
    const run = await measureStreamedExport({ url: `${capped.baseUrl}${options.path}`, headers: { authorization: `Bearer ${token}` }, pid: capped.child.pid, expectedRows, label: options.label });
    process.stderr.write(`bench: capped-heap export of ${run.rows} rows: ${run.seconds.toFixed(1)} s, RSS ${run.rssBeforeMb.toFixed(0)} → peak ${run.rssPeakMb.toFixed(0)} MB\n`);
    return run.rows >= expectedRows ? { completed: true, ...run } : { completed: false, error: `${run.rows} of ${expectedRows} rows arrived` };
  } catch (err) {
    const tail = capped.logTail().split('\n').slice(-8).join(' | ');
    return { completed: false, error: `${err instanceof Error ? err.message : String(err)}${tail ? ` (the app's last lines: ${tail})` : ''}` };
  } finally {
    await capped.stop();
  }
}
