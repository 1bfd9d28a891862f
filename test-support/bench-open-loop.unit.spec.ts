/**
 * The bench's open-loop load (bench/lib/open-loop.ts) against a real local HTTP server: requests leave on
 * schedule even while the server stalls, and each latency counts from the request's intended send time (no
 * coordinated omission).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runOpenLoop } from '../bench/lib/open-loop.ts';

let server: http.Server | null = null;

/** A server that answers 201 at once, or, while stalled, when the stall ends. */
async function startServer(): Promise<{ baseUrl: string; stallFor: (ms: number) => void; received: () => number }> {
  let stallUntil = 0;
  let received = 0;
  server = http.createServer((req, res) => {
    received++;
    req.resume();
    req.on('end', () => {
      const wait = stallUntil - performance.now();
      const answer = () => res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      if (wait > 0) setTimeout(answer, wait);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, stallFor: (ms) => (stallUntil = performance.now() + ms), received: () => received };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe('runOpenLoop', () => {
  it('sends the asked number of requests at the asked rate', async () => {
    const { baseUrl, received } = await startServer();
    const r = await runOpenLoop({ baseUrl, label: 'test', rate: 200, seconds: 1, method: 'POST', path: '/x', nextBody: () => '{}' });
    expect(r.scheduled).toBe(200);
    expect(r.ok).toBe(200);
    expect(received()).toBe(200);
    expect(r.okPerSec).toBeCloseTo(200, 0);
    expect(r.errors + r.non2xx).toBe(0);
  });

  it('keeps sending during a stall and charges the stall to every request scheduled in it', async () => {
    const { baseUrl, stallFor } = await startServer();
    // 100 requests over 1 s; from 200 ms on, the server holds every answer for 500 ms.
    setTimeout(() => stallFor(500), 200);
    const r = await runOpenLoop({ baseUrl, label: 'test', rate: 100, seconds: 1, method: 'GET', path: '/x' });
    expect(r.ok).toBe(100);
    // The scheduler was never held back by the stalled answers (a closed loop would have stopped sending).
    expect(r.sendLagP99).toBeLessThan(100);
    // About half the requests were scheduled inside the stall: their latencies run from ~500 ms down to ~0,
    // measured from when each should have left; so p99 is near the stall's length, and p50 stays short.
    expect(r.p99).toBeGreaterThan(400);
    expect(r.max).toBeGreaterThan(450);
    expect(r.p50).toBeLessThan(300);
  });
});
