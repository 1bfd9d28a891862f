/// <reference lib="dom" />
/**
 * `npm run bench -- site`: the public landing page in headless Chromium on loopback. Cold loads (a fresh
 * browser context each time: empty cache), measuring Largest Contentful Paint, First Contentful Paint, the
 * JavaScript the page downloaded (bytes on the wire, compressed as served) and, from the build, the landing
 * JavaScript gzipped (web/dist/bundle-report.json). Targets (issue 4): JS ≤ 180 KB gzipped, LCP < 1 s.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../test-support/chromium.ts';
import { benchStamp, startBenchApp } from './lib/app.ts';
import { onCleanup } from './lib/processes.ts';
import { percentile } from './lib/stats.ts';

export interface SiteBenchOptions {
  root: string;
  commandLine: string;
  loads: number;
}

export interface SiteReport {
  measuredAt: string;
  commandLine: string;
  machine: string;
  build: { landingJsGzip: number; budgetBytes: number; chunks: number };
  loads: { lcpMs: number; fcpMs: number; jsTransferBytes: number; jsFiles: number; lcpElement: string }[];
}

export async function runSiteBench(options: SiteBenchOptions): Promise<SiteReport> {
  const reportFile = path.join(options.root, 'web/dist/bundle-report.json');
  if (!existsSync(reportFile)) throw new Error('web/dist/bundle-report.json is missing: run `npm run build` first');
  const build = JSON.parse(readFileSync(reportFile, 'utf8')) as { landingJsGzip: number; budgetBytes: number; chunks: unknown[] };

  const { app } = await startBenchApp({ root: options.root, name: 'bench-site', stamp: benchStamp(new Date()) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup('browser', () => browser.close());

  const loads: SiteReport['loads'] = [];
  // One warm-up load (the server's first response compiles nothing, but the OS file cache warms up).
  for (let i = 0; i <= options.loads; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    // Observers registered before any page script runs, buffered: they see the whole load.
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { value: number; element: string }; __fcp: number };
      w.__lcp = { value: 0, element: '' };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          w.__lcp = { value: entry.startTime, element: entry.element ? entry.element.tagName.toLowerCase() + (entry.element.id ? `#${entry.element.id}` : '') : '' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') w.__fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const sample = await page.evaluate(() => {
      const w = window as unknown as { __lcp: { value: number; element: string }; __fcp: number };
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.js'));
      return { lcpMs: w.__lcp.value, lcpElement: w.__lcp.element, fcpMs: w.__fcp, jsTransferBytes: scripts.reduce((s, r) => s + r.transferSize, 0), jsFiles: scripts.length };
    });
    await context.close();
    if (i > 0) loads.push(sample);
  }
  return {
    measuredAt: new Date().toISOString(),
    commandLine: options.commandLine,
    machine: `${os.availableParallelism()} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${os.type()} ${os.release()}; Chromium headless on loopback`,
    build: { landingJsGzip: build.landingJsGzip, budgetBytes: build.budgetBytes, chunks: build.chunks.length },
    loads,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;

function summary(r: SiteReport) {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const lcp = sorted(r.loads.map((l) => l.lcpMs));
  const fcp = sorted(r.loads.map((l) => l.fcpMs));
  return {
    lcpP50: percentile(lcp, 0.5),
    lcpMax: Math.max(...lcp),
    fcpP50: percentile(fcp, 0.5),
    transfer: percentile(sorted(r.loads.map((l) => l.jsTransferBytes)), 0.5),
    files: r.loads[0]?.jsFiles ?? 0,
    element: r.loads[0]?.lcpElement ?? '',
  };
}

export function consoleSiteReport(r: SiteReport): string {
  const s = summary(r);
  return [
    '',
    `Landing JavaScript (build, gzipped): ${kb(r.build.landingJsGzip)} of ${kb(r.build.budgetBytes)} budget (${r.build.chunks} chunks + a dictionary)`,
    `Cold loads of / (${r.loads.length}): LCP p50 ${ms(s.lcpP50)}, max ${ms(s.lcpMax)} (element ${s.element || 'n/a'}); FCP p50 ${ms(s.fcpP50)}`,
    `JavaScript on the wire (brotli, as served): ${kb(s.transfer)} in ${s.files} files`,
    '',
  ].join('\n');
}

export function markdownSiteSection(r: SiteReport): string {
  const s = summary(r);
  const ok = (b: boolean) => (b ? 'met' : '**not met**');
  return `## Public site

Measured ${r.measuredAt.slice(0, 16).replace('T', ' ')} UTC with \`${r.commandLine}\` on ${r.machine}.

| Target | Measured | Status |
| --- | --- | --- |
| Landing page JavaScript ≤ 180 KB gzipped (measured in the build: web/scripts/post-build.mjs, which fails the build over budget) | ${kb(r.build.landingJsGzip)} (${r.build.chunks} chunks + the largest language dictionary) | ${ok(r.build.landingJsGzip <= r.build.budgetBytes)} |
| Largest Contentful Paint < 1 s, headless Chromium, loopback, cold cache | p50 ${ms(s.lcpP50)}, max ${ms(s.lcpMax)} over ${r.loads.length} loads | ${ok(s.lcpMax < 1000)} |

First Contentful Paint p50 ${ms(s.fcpP50)}. The LCP element was \`${s.element || 'n/a'}\`. JavaScript on the wire: ${kb(s.transfer)} in ${s.files} files (brotli, precompressed at build time and served by @fastify/static). Each load is a fresh browser context (empty cache) at 1280×800; one warm-up load is not counted.
`;
}
