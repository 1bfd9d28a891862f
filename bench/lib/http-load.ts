/** Generic HTTP load (autocannon) and sequential latency sampling (fetch), for benches other than bookings. */
import http from 'node:http';
import autocannon from 'autocannon';
import { timedProgress } from './progress.ts';
import { percentile } from './stats.ts';

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencyStats(values: readonly number[]): LatencyStats {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN };
}

export interface HttpLoadResult extends LatencyStats {
  label: string;
  connections: number;
  seconds: number;
  /** 2xx responses, and per second over the run. */
  ok: number;
  okPerSec: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  sampleFailures: string[];
}

/** autocannon at one connection count; latencies are of 2xx responses (exact percentiles over every response). */
export async function runHttpLoad(o: {
  baseUrl: string;
  label: string;
  connections: number;
  seconds: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A new body per request (POST). */
  nextBody?: () => string;
}): Promise<HttpLoadResult> {
  const latencies: number[] = [];
  const sampleFailures: string[] = [];
  let ok = 0;
  const instance = autocannon({
    url: o.baseUrl,
    connections: o.connections,
    duration: o.seconds,
    timeout: 30,
    requests: [
      {
        method: o.method,
        path: o.path,
        headers: { accept: 'application/json', 'user-agent': 'crm-bench/1', ...o.headers },
        ...(o.nextBody ? { setupRequest: (request: autocannon.Request) => ({ ...request, body: o.nextBody!() }) } : {}),
        onResponse: (status, body) => {
          if ((status < 200 || status >= 300) && sampleFailures.length < 5) sampleFailures.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) {
      ok++;
      latencies.push(ms);
    }
  });
  const started = performance.now();
  const progress = timedProgress(o.label, o.seconds, () => {
    const s = (performance.now() - started) / 1000;
    return `${ok.toLocaleString('en-US')} ok, ${s > 0 ? Math.round(ok / s).toLocaleString('en-US') : 0} req/s`;
  });
  let result: autocannon.Result;
  try {
    result = await instance;
  } finally {
    progress.stop();
  }
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    label: o.label,
    connections: o.connections,
    seconds: result.duration,
    ok: result['2xx'],
    okPerSec: result['2xx'] / result.duration,
    ...latencyStats(latencies),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    sampleFailures,
  };
}

/** Runs `fn` `warmup` times unmeasured, then `count` times one after the other; returns the latencies (ms). */
export async function sampleSequential(count: number, warmup: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * A closed-loop load (each connection sends its next request when the previous answer arrived), like
 * autocannon, but each connection can have its own source address on the loopback network
 * (127.0.0.<n>): the app, without a trusted proxy, then sees that many different client addresses.
 */
export async function runClosedLoop(o: {
  baseUrl: string;
  label: string;
  connections: number;
  seconds: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  nextBody?: () => string;
  /** Source address of connection k (none: the OS picks 127.0.0.1). */
  localAddress?: (k: number) => string;
}): Promise<HttpLoadResult> {
  const url = new URL(o.baseUrl);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const sampleFailures: string[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  const progress = timedProgress(o.label, o.seconds, () => {
    const s = (performance.now() - started) / 1000;
    return `${ok.toLocaleString('en-US')} ok, ${s > 0 ? Math.round(ok / s).toLocaleString('en-US') : 0} req/s`;
  });
  const one = (agent: http.Agent, localAddress: string | undefined) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = o.nextBody?.();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: o.path,
          method: o.method,
          agent,
          ...(localAddress ? { localAddress } : {}),
          headers: { accept: 'application/json', 'user-agent': 'crm-bench/1', ...o.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
          timeout: 30_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  const agents: http.Agent[] = [];
  try {
    await Promise.all(
      Array.from({ length: o.connections }, async (_, k) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        agents.push(agent);
        const localAddress = o.localAddress?.(k);
        while (performance.now() < deadline) {
          const t = performance.now();
          try {
            const { status, body } = await one(agent, localAddress);
            const elapsed = performance.now() - t;
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
            if (status >= 200 && status < 300) {
              ok++;
              latencies.push(elapsed);
            } else {
              non2xx++;
              if (sampleFailures.length < 5) sampleFailures.push(`${status} ${body.slice(0, 300)}`);
            }
          } catch (err) {
            errors++;
            if (sampleFailures.length < 5) sampleFailures.push(`error ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      }),
    );
  } finally {
    progress.stop();
    for (const a of agents) a.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    label: o.label,
    connections: o.connections,
    seconds,
    ok,
    okPerSec: ok / seconds,
    ...latencyStats(latencies),
    non2xx,
    errors,
    timeouts: 0,
    statusCodes,
    sampleFailures,
  };
}
