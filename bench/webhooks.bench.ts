/**
 * `npm run bench -- webhooks`: webhook deliveries on a fresh embedded PostgreSQL (BullMQ on PostgreSQL).
 * 1. Latency under the booking load: one endpoint subscribed to `booking.requested` on a local receiver (answers
 *    200 at once); POST /api/bookings is driven with autocannon; for every delivery, its first attempt's arrival at
 *    the receiver minus the event's commit time (the body's `timestamp`, the event store's commit clock, same
 *    machine). Target (issue 15): p95 ≤ 1 s.
 * 2. Deliveries per second: a replay of every one of those events (POST …/replay) enqueues them at once; the rate
 *    at which the receiver gets them (first to last arrival).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { BENCH_ADMIN, benchStamp, startBenchApp, withAppOutput } from './lib/app.ts';
import { latencyStats, type LatencyStats } from './lib/http-load.ts';
import { bookingBodies, runLoadLevel } from './lib/load.ts';
import { machineInfo, type MachineInfo } from './lib/machine.ts';
import { runCleanups, sleep } from './lib/processes.ts';

export interface WebhooksBenchOptions {
  root: string;
  commandLine: string;
  seconds: number;
  connections: number;
  keepData: boolean;
}

export interface WebhooksReport {
  commandLine: string;
  at: string;
  machine: MachineInfo | null;
  connections: number;
  seconds: number;
  bookingsPerSec: number;
  accepted: number;
  delivered: number;
  /** First attempt's arrival − the event's commit (ms). */
  latency: LatencyStats;
  replay: { deliveries: number; seconds: number; perSec: number };
}

async function json(res: Response) {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

export async function runWebhooksBench(o: WebhooksBenchOptions): Promise<WebhooksReport> {
  let phase: 'load' | 'replay' = 'load';
  const firstArrival = new Map<string, number>();
  const replayArrivals: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const id = String(req.headers['webhook-id']);
      if (phase === 'load') {
        if (!firstArrival.has(id)) firstArrival.set(id, now - Date.parse((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string }).timestamp));
      } else replayArrivals.push(now);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`;

  const { app } = await startBenchApp({
    root: o.root,
    name: 'bench-webhooks',
    stamp: benchStamp(new Date()),
    keepData: o.keepData,
    env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PUBLIC_MAX: '0', ...(process.env.BENCH_QUEUE_POOL_MAX ? { QUEUE_POOL_MAX: process.env.BENCH_QUEUE_POOL_MAX } : {}) },
  });
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  try {
    return await withAppOutput(app, async () => {
      const login = await json(await fetch(`${app.baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) }));
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${String(login.token)}` };
      const created = await json(await fetch(`${app.baseUrl}/api/admin/webhooks`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'bench', url: receiver, events: ['booking.requested'] }) }));
      const webhookId = (created.webhook as { id: string }).id;

      // Warm-up: a few bookings and their deliveries (JIT, pools, the queue's tables).
      const nextBody = bookingBodies(`wh${Date.now()}`);
      await runLoadLevel({ baseUrl: app.baseUrl, connections: 2, seconds: 2, nextBody, label: 'warm-up' });
      await sleep(2000);
      firstArrival.clear();

      const from = new Date().toISOString();
      const load = await runLoadLevel({ baseUrl: app.baseUrl, connections: o.connections, seconds: o.seconds, nextBody, label: `bookings ×${o.connections}` });
      const deadline = Date.now() + 120_000;
      while (firstArrival.size < load.ok && Date.now() < deadline) await sleep(100);
      const to = new Date().toISOString();
      const latency = latencyStats([...firstArrival.values()].sort((a, b) => a - b));

      phase = 'replay';
      await json(await fetch(`${app.baseUrl}/api/admin/webhooks/${webhookId}/replay`, { method: 'POST', headers: auth, body: JSON.stringify({ from, to }) }));
      const replayDeadline = Date.now() + 300_000;
      while (replayArrivals.length < firstArrival.size && Date.now() < replayDeadline) await sleep(100);
      const span = replayArrivals.length > 1 ? (replayArrivals[replayArrivals.length - 1]! - replayArrivals[0]!) / 1000 : 0;
      return {
        commandLine: o.commandLine,
        at: new Date().toISOString(),
        machine: await machineInfo(pool).catch(() => null),
        connections: o.connections,
        seconds: load.seconds,
        bookingsPerSec: load.okPerSec,
        accepted: load.ok,
        delivered: firstArrival.size,
        latency,
        replay: { deliveries: replayArrivals.length, seconds: span, perSec: span > 0 ? replayArrivals.length / span : 0 },
      };
    });
  } finally {
    await pool.end();
    await app.stop();
    await new Promise<void>((r) => server.close(() => r()));
    await runCleanups();
  }
}

const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');

export function consoleWebhooksReport(r: WebhooksReport): string {
  const l = r.latency;
  return `\nWebhooks: ${r.accepted} bookings at ${f0(r.bookingsPerSec)}/s (${r.connections} connections, ${r.seconds} s), ${r.delivered} delivered
first attempt after commit: p50 ${f0(l.p50)} ms, p95 ${f0(l.p95)} ms, p99 ${f0(l.p99)} ms, max ${f0(l.max)} ms (target p95 ≤ 1000 ms: ${l.p95 <= 1000 ? 'met' : 'NOT met'})
replay: ${r.replay.deliveries} deliveries in ${r.replay.seconds.toFixed(1)} s = ${f0(r.replay.perSec)} deliveries/s\n`;
}

export function markdownWebhooksSection(r: WebhooksReport): string {
  const l = r.latency;
  const m = r.machine;
  return `## Webhooks

\`${r.commandLine}\` (${r.at.slice(0, 16).replace('T', ' ')} UTC${m ? `; ${m.cpus} CPUs, ${m.postgres}` : ''}). A fresh app on embedded
PostgreSQL (BullMQ on PostgreSQL), one webhook endpoint subscribed to \`booking.requested\` on a local receiver that
answers 200 at once (\`WEBHOOK_ALLOW_PRIVATE_NETWORKS=true\`).

**First attempt after the event's commit, under the booking load** (POST /api/bookings, ${r.connections} connections,
${r.seconds} s: ${r.accepted} bookings, ${f0(r.bookingsPerSec)}/s; ${r.delivered} delivered). Latency = the receiver's
arrival time − the body's \`timestamp\` (the event store's commit clock, same machine): reactor, queue, worker,
signing and HTTP.

| | p50 | p95 | p99 | max | Target |
|---|---|---|---|---|---|
| First attempt after commit (ms) | ${f0(l.p50)} | ${f0(l.p95)} | ${f0(l.p99)} | ${f0(l.max)} | p95 ≤ 1,000 ms: ${l.p95 <= 1000 ? 'met' : '**NOT met**'} |

**Deliveries per second**: a replay of those ${r.replay.deliveries} events (POST /api/admin/webhooks/:id/replay enqueues
them at once; worker concurrency 16) reached the receiver in ${r.replay.seconds.toFixed(1)} s: **${f0(r.replay.perSec)} deliveries/s**
(each one: read the endpoint and its secrets, sign, POST, record the attempt and the delivery's state).
`;
}
