/**
 * Login history at scale: N login attempts (LoginSucceeded / LoginFailed, and SessionEnded for most
 * successful logins) appended to the app's event store while it runs, each in its own `login-<loginId>`
 * stream, through the store's own append function `es_append` (the one PostgresEventStore.append calls:
 * expected version `no_stream`, same rows, same transaction ids), BATCH streams per statement. Every
 * event's data goes through the contracts' registry (`validateEventData`) first, so the shapes are the
 * ones the login service writes; device/browser/OS come from the service's own user-agent parser.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type LoginFailureReason, type SuspiciousReason, loginStreamId, validateEventData } from '@crm/contracts';
import { describeUserAgent } from '../../services/src/identity/user-agent.ts';
import { createProgress } from './progress.ts';

export const SEED_BATCH = 1000;
/** The seeded attempts are spread evenly over this many days, ending a minute ago. */
export const SEED_SPAN_DAYS = 30;
/** People the seeded attempts belong to. */
export const SEED_PEOPLE = 2000;

export interface SeedResult {
  attempts: number;
  succeeded: number;
  failed: number;
  suspicious: number;
  sessionEnded: number;
  events: number;
  seconds: number;
  /** An e-mail that exists in the seeded data (for the search query) and how many attempts it has. */
  searchEmail: string;
  searchEmailAttempts: number;
}

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];
const FIRST = ['Alice', 'Bruno', 'Chloé', 'David', 'Emma', 'Farid', 'Grace', 'Hugo', 'Inès', 'Jonas', 'Karim', 'Léa', 'Malik', 'Nora', 'Omar', 'Paula'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Haddad', 'Laurent', 'Moreau', 'Nguyen', 'Petit', 'Rossi', 'Schmidt', 'Tanaka', 'Weber'];

interface Person {
  userId: string;
  name: string;
  email: string;
}

export function seedPeople(runTag: string): Person[] {
  return Array.from({ length: SEED_PEOPLE }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    return { userId: randomUUID(), name: `${first} ${last}`, email: `${first.toLowerCase()}.${last.toLowerCase()}.${i}@${runTag}.example.com` };
  });
}

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same mix. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ipFor = (r: number, i: number) => {
  if (r < 0.3) return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  if (r < 0.6) return `203.0.113.${i % 254 + 1}`;
  if (r < 0.9) return `198.51.100.${(i * 7) % 254 + 1}`;
  return `2001:db8::${(i % 65535).toString(16)}`;
};

export async function seedLoginEvents(databaseUrl: string, count: number, runTag: string): Promise<SeedResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const people = seedPeople(runTag);
  const agents = USER_AGENTS.map((ua) => ({ ua, ...describeUserAgent(ua) }));
  const random = rng(0x1d3);
  const now = Date.now();
  const end = now - 60_000;
  const start = end - SEED_SPAN_DAYS * 86_400_000;
  const step = count > 1 ? (end - start) / (count - 1) : 0;
  const result = { attempts: 0, succeeded: 0, failed: 0, suspicious: 0, sessionEnded: 0, events: 0 };
  const perEmail = new Map<string, number>();
  const progress = createProgress('seed login events', count, 'attempts');
  const started = performance.now();
  try {
    for (let from = 0; from < count; from += SEED_BATCH) {
      const to = Math.min(count, from + SEED_BATCH);
      const streams: string[] = [];
      const ids: string[][] = [];
      const types: string[][] = [];
      const versions: number[][] = [];
      const datas: string[][] = [];
      const metas: string[][] = [];
      for (let i = from; i < to; i++) {
        const loginId = randomUUID();
        const person = people[Math.floor(random() * people.length)]!;
        const agent = agents[Math.floor(random() * agents.length)]!;
        const ip = ipFor(random(), i);
        const at = new Date(start + i * step).toISOString();
        const r = random();
        const metadata = JSON.stringify({ correlationId: randomUUID(), causationId: null, userId: null as string | null, ip, userAgent: agent.ua });
        const client = { ip, userAgent: agent.ua, device: agent.device, browser: agent.browser, os: agent.os };
        const events: { type: string; data: unknown; metadata: string }[] = [];
        // 85 % successes (3 % of all flagged new_ip), 8 % wrong passwords, 5 % unknown e-mails, 2 % failures flagged across accounts.
        if (r < 0.85) {
          const suspiciousReasons: SuspiciousReason[] = r < 0.03 ? ['new_ip'] : [];
          events.push({
            type: 'LoginSucceeded',
            data: { loginId, userId: person.userId, userName: person.name, email: person.email, at, ...client, suspicious: suspiciousReasons.length > 0, suspiciousReasons },
            metadata: JSON.stringify({ ...JSON.parse(metadata), userId: person.userId }),
          });
          result.succeeded++;
          if (suspiciousReasons.length) result.suspicious++;
          if (random() < 0.7) {
            const endedAt = new Date(Date.parse(at) + Math.floor(60_000 + random() * 7_200_000)).toISOString();
            events.push({
              type: 'SessionEnded',
              data: { loginId, userId: person.userId, reason: random() < 0.6 ? 'logout' : 'idle_timeout', endedAt },
              metadata: JSON.stringify({ correlationId: randomUUID(), causationId: null, userId: person.userId }),
            });
            result.sessionEnded++;
          }
        } else {
          const unknown = r >= 0.93 && r < 0.98;
          const reason: LoginFailureReason = unknown ? 'unknown_account' : 'wrong_password';
          const suspiciousReasons: SuspiciousReason[] = r >= 0.98 ? ['ip_failures_across_accounts'] : [];
          events.push({
            type: 'LoginFailed',
            data: {
              loginId,
              userId: unknown ? null : person.userId,
              userName: unknown ? null : person.name,
              email: unknown ? `nobody.${i}@unknown.example.net` : person.email,
              reason,
              at,
              ...client,
              suspicious: suspiciousReasons.length > 0,
              suspiciousReasons,
            },
            metadata,
          });
          result.failed++;
          if (suspiciousReasons.length) result.suspicious++;
        }
        const email = (events[0]!.data as { email: string }).email;
        perEmail.set(email, (perEmail.get(email) ?? 0) + 1);
        streams.push(loginStreamId(loginId));
        ids.push(events.map(() => randomUUID()));
        types.push(events.map((e) => e.type));
        const validated = events.map((e) => validateEventData(e.type, e.data));
        versions.push(validated.map((v) => v.schemaVersion));
        datas.push(validated.map((v) => JSON.stringify(v.data)));
        metas.push(events.map((e) => e.metadata));
        result.events += events.length;
      }
      // One statement, one transaction: es_append once per stream (LATERAL: exactly one call per row, in order).
      await client.query(
        `SELECT count(*) FROM (
           SELECT a.next_version
             FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS s(v, ord)
             CROSS JOIN LATERAL es_append(
               s.v->>'stream', 'no_stream', NULL,
               ARRAY(SELECT x::uuid FROM jsonb_array_elements_text(s.v->'ids') AS x),
               ARRAY(SELECT x FROM jsonb_array_elements_text(s.v->'types') AS x),
               ARRAY(SELECT x::int FROM jsonb_array_elements_text(s.v->'versions') AS x),
               ARRAY(SELECT x::jsonb FROM jsonb_array_elements_text(s.v->'datas') AS x),
               ARRAY(SELECT x::jsonb FROM jsonb_array_elements_text(s.v->'metas') AS x)) AS a
            ORDER BY s.ord) t`,
        [JSON.stringify(streams.map((stream, k) => ({ stream, ids: ids[k], types: types[k], versions: versions[k], datas: datas[k], metas: metas[k] })))],
      );
      // The adapter's after-commit wake-up for subscribers (the projector also polls).
      await client.query(`SELECT pg_notify('es_events', '')`);
      result.attempts = to;
      const s = (performance.now() - started) / 1000;
      progress.update(to, `${Math.round(to / s).toLocaleString('en-US')} attempts/s`);
    }
    progress.stop();
    const [searchEmail, searchEmailAttempts] = [...perEmail.entries()].filter(([e]) => !e.startsWith('nobody.')).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    return { ...result, seconds: (performance.now() - started) / 1000, searchEmail, searchEmailAttempts };
  } finally {
    progress.stop();
    await client.end().catch(() => {});
  }
}
