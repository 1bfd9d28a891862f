import { readFileSync, writeFileSync } from 'node:fs';
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
