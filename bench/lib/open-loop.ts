/**
 * An open-loop load: requests leave at a fixed arrival rate whatever the server does, and each latency is
 * measured from the request's INTENDED send time (start + i / rate), so a stall is charged to every request
 * scheduled during it (no coordinated omission, the flaw of closed-loop tools such as autocannon, whose
 * `overallRate` only paces a closed loop and whose `-C` back-fills synthetic samples).
 *
 * A scheduler wakes every millisecond and sends every request whose time has come, over a keep-alive agent
 * with many sockets (Node's http: a request that finds every socket busy waits in the agent's queue, and
 * that wait counts in its latency). `sendLag` says how late the scheduler itself sent requests: if it is
 * large, the load generator (not the server) was the bottleneck and the run says so.
 */
import http from 'node:http';
import { timedProgress } from './progress.ts';
import { percentile } from './stats.ts';

export interface OpenLoopResult {
  label: string;
  /** Requests per second asked for. */
  rate: number;
  seconds: number;
  scheduled: number;
  /** 2xx responses, and 2xx per second over the scheduled span. */
  ok: number;
  okPerSec: number;
  non2xx: number;
  errors: number;
  /** Latency from the intended send time to the end of the response, 2xx only (ms, exact percentiles). */
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** How late the scheduler sent requests (actual − intended), p99 and max (ms). */
  sendLagP99: number;
  sendLagMax: number;
  sampleFailures: string[];
}

export async function runOpenLoop(o: {
  baseUrl: string;
  label: string;
  rate: number;
  seconds: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  nextBody?: () => string;
  /** Every response (status, body, and when it was meant to leave and when it ended, in epoch ms). */
  onResponse?: (status: number, body: string, at: { intended: number; answered: number }) => void;
  /** Sockets the agent may open (default 512). */
  maxSockets?: number;
}): Promise<OpenLoopResult> {
  const url = new URL(o.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.maxSockets ?? 512 });
  const total = Math.max(1, Math.round(o.rate * o.seconds));
  const interval = 1000 / o.rate;
  const latencies: number[] = [];
  const sendLags: number[] = [];
  const sampleFailures: string[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let settled = 0;

  const fail = (text: string) => {
    if (sampleFailures.length < 5) sampleFailures.push(text);
  };
  const send = (intended: number) => {
    const body = o.nextBody?.();
    sendLags.push(performance.now() - intended);
    const done = () => {
      settled++;
      if (settled === total) allDone();
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: o.path,
        method: o.method,
        agent,
        headers: { accept: 'application/json', 'user-agent': 'crm-bench/1', ...o.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) {
            ok++;
            latencies.push(performance.now() - intended);
          } else {
            non2xx++;
            fail(`${status} ${text.slice(0, 300)}`);
          }
          o.onResponse?.(status, text, { intended: performance.timeOrigin + intended, answered: performance.timeOrigin + performance.now() });
          done();
        });
        res.on('error', (err) => {
          errors++;
          fail(`error ${err.message}`);
          done();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      errors++;
      fail(`error ${err.message}`);
      done();
    });
    req.end(body);
  };

  let allDone: () => void = () => {};
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const started = performance.now();
  const progress = timedProgress(o.label, o.seconds, () => `${ok.toLocaleString('en-US')} ok, ${(sent - settled).toLocaleString('en-US')} in flight`);
  try {
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        // Every request whose intended time has passed leaves now (several per tick at high rates).
        while (sent < total && started + sent * interval <= now) send(started + sent++ * interval);
        if (sent < total) setTimeout(tick, Math.min(1, Math.max(0, started + sent * interval - performance.now())));
        else resolve();
      };
      tick();
    });
    // The last requests' answers (each has its own 30 s timeout).
    await finished;
  } finally {
    progress.stop();
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  sendLags.sort((a, b) => a - b);
  const seconds = (total * interval) / 1000;
  return {
    label: o.label,
    rate: o.rate,
    seconds,
    scheduled: total,
    ok,
    okPerSec: ok / seconds,
    non2xx,
    errors,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    p999: percentile(latencies, 0.999),
    max: latencies.at(-1) ?? NaN,
    sendLagP99: percentile(sendLags, 0.99),
    sendLagMax: sendLags.at(-1) ?? NaN,
    sampleFailures,
  };
}
