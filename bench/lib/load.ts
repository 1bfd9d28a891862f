/** Drives `POST /api/bookings` with autocannon at one connection count; valid, varying request bodies. */
import autocannon from 'autocannon';
import { MEETING_TYPES, TIME_SLOTS } from '@crm/contracts';
import { timedProgress } from './progress.ts';
import { percentile } from './stats.ts';

export interface LoadLevelResult {
  connections: number;
  seconds: number;
  /** Responses with a 2xx status. */
  ok: number;
  /** 2xx responses per second over the run. */
  okPerSec: number;
  /** Latency of 2xx responses (ms), exact percentiles over every response. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Booking ids returned by the 201 responses. */
  ids: string[];
  /** A few non-2xx bodies, for the report. */
  sampleFailures: string[];
}

const DAY = 86_400_000;

/** Generates valid, all-different booking requests (dates from the day after tomorrow, UTC). */
export function bookingBodies(runTag: string) {
  let seq = 0;
  const base = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 2 * DAY;
  const zones = [undefined, undefined, undefined, 'America/New_York', 'Asia/Tokyo', 'Europe/London'];
  // Bookings are refused on weekends (BUSINESS_DAYS): the next 60 weekdays.
  const businessDays = Array.from({ length: 84 }, (_, i) => new Date(base + i * DAY))
    .filter((d) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6)
    .map((d) => d.toISOString().slice(0, 10));
  return () => {
    const n = seq++;
    return JSON.stringify({
      name: `Bench User ${n}`,
      email: `bench-${runTag}-${n}@example.com`,
      ...(n % 3 === 0 ? { company: `Bench Company ${n % 97}` } : {}),
      ...(n % 4 === 0 ? { phone: '+33 1 23 45 67 89' } : {}),
      meetingType: MEETING_TYPES[n % MEETING_TYPES.length],
      preferredDate: businessDays[n % businessDays.length],
      preferredTime: TIME_SLOTS[n % TIME_SLOTS.length],
      ...(n % 5 === 0 ? { message: `Benchmark booking request number ${n}, please call back.` } : {}),
      ...(zones[n % zones.length] ? { timeZone: zones[n % zones.length] } : {}),
    });
  };
}

export async function runLoadLevel(options: {
  baseUrl: string;
  connections: number;
  seconds: number;
  nextBody: () => string;
  label: string;
  /** Called for every accepted booking as soon as its 201 arrives. */
  onAccepted?: (id: string) => void;
}): Promise<LoadLevelResult> {
  const ids: string[] = [];
  const latencies: number[] = [];
  const sampleFailures: string[] = [];
  let missingId = 0;
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'crm-bench/1' },
        setupRequest: (request) => ({ ...request, body: options.nextBody() }),
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) {
            const id = bookingId(body);
            if (id) {
              ids.push(id);
              options.onAccepted?.(id);
            } else missingId++;
          } else if (sampleFailures.length < 5) {
            sampleFailures.push(`${status} ${body.slice(0, 300)}`);
          }
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const started = performance.now();
  const progress = timedProgress(options.label, options.seconds, () => {
    const s = (performance.now() - started) / 1000;
    return `${ids.length.toLocaleString('en-US')} accepted, ${s > 0 ? Math.round(ids.length / s).toLocaleString('en-US') : 0} req/s`;
  });
  let result: autocannon.Result;
  try {
    result = await instance;
  } finally {
    progress.stop();
  }
  if (missingId > 0) sampleFailures.push(`${missingId} 2xx responses without booking.id`);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  latencies.sort((a, b) => a - b);
  return {
    connections: options.connections,
    seconds: result.duration,
    ok: result['2xx'],
    okPerSec: result['2xx'] / result.duration,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    ids,
    sampleFailures,
  };
}

function bookingId(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { booking?: { id?: unknown } };
    return typeof parsed.booking?.id === 'string' ? parsed.booking.id : null;
  } catch {
    return null;
  }
}
