/**
 * The webhooks' operational tables (not read models: written directly, never rebuilt from events):
 * - `webhook_credentials`: each endpoint's signing secret (and the previous one during a rotation's overlap).
 *   Secrets never go into events; the sender needs the raw secret to sign, so it is kept sealed (secrets/secret-box.ts),
 *   not hashed.
 * - `webhook_deliveries`: one row per (endpoint, event): what was sent (to retry it by hand) and its state.
 * - `webhook_attempts`: every HTTP attempt (time, status, duration, response excerpt ≤ 1 KB, error). The API
 *   logs read this table for webhook attempts (`listWebhookAttempts`).
 */
import type { WebhookDeliveryAttemptView } from '@crm/contracts';
import type { SqlQueryable } from '../../runner/projection.ts';

export const WEBHOOK_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS webhook_credentials (
  webhook_id uuid PRIMARY KEY,
  secret text NOT NULL,
  previous_secret text,
  previous_valid_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  delivery_id text PRIMARY KEY,
  webhook_id uuid NOT NULL,
  message_id text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  event_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending',
  attempts int NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  first_attempt_at timestamptz
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC);
CREATE TABLE IF NOT EXISTS webhook_attempts (
  id bigserial PRIMARY KEY,
  webhook_id uuid NOT NULL,
  delivery_id text NOT NULL,
  message_id text NOT NULL,
  event_type text NOT NULL,
  url text NOT NULL,
  attempt int NOT NULL,
  attempted_at timestamptz NOT NULL,
  status_code int,
  duration_ms int NOT NULL,
  success boolean NOT NULL,
  response_excerpt text,
  error text
);
CREATE INDEX IF NOT EXISTS webhook_attempts_webhook_idx ON webhook_attempts (webhook_id, attempted_at DESC);
CREATE INDEX IF NOT EXISTS webhook_attempts_time_idx ON webhook_attempts (attempted_at DESC);
`;

/** Creates the tables (idempotent; both the api and the worker role call it at start). */
export async function ensureWebhookTables(db: SqlQueryable): Promise<void> {
  // Two roles may start at once: serialise the DDL.
  await db.query(`DO $$ BEGIN PERFORM pg_advisory_xact_lock(727300); END $$; ${WEBHOOK_TABLES_SQL}`);
}

interface AttemptRow {
  id: string;
  webhook_id: string;
  delivery_id: string;
  message_id: string;
  event_type: string;
  url: string;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  success: boolean;
  response_excerpt: string | null;
  error: string | null;
}

const toAttempt = (r: AttemptRow): WebhookDeliveryAttemptView & { webhookId: string; url: string } => ({
  id: r.id,
  webhookId: r.webhook_id,
  url: r.url,
  deliveryId: r.delivery_id,
  messageId: r.message_id,
  eventType: r.event_type,
  attempt: r.attempt,
  attemptedAt: r.attempted_at.toISOString(),
  statusCode: r.status_code,
  durationMs: r.duration_ms,
  success: r.success,
  responseExcerpt: r.response_excerpt,
  error: r.error,
});

/** One endpoint's attempts, newest first. */
export async function listWebhookEndpointAttempts(db: SqlQueryable, webhookId: string, limit: number) {
  const { rows } = await db.query('SELECT * FROM webhook_attempts WHERE webhook_id = $1 ORDER BY attempted_at DESC, id DESC LIMIT $2', [webhookId, limit]);
  return (rows as AttemptRow[]).map(toAttempt);
}

/** Every endpoint's attempts in a time range, newest first (the API logs show these beside API requests). */
export async function listWebhookAttempts(db: SqlQueryable, range: { from?: string; to?: string; limit: number; offset?: number }) {
  const { rows } = await db.query(
    `SELECT * FROM webhook_attempts WHERE ($1::timestamptz IS NULL OR attempted_at >= $1) AND ($2::timestamptz IS NULL OR attempted_at <= $2)
     ORDER BY attempted_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [range.from ?? null, range.to ?? null, range.limit, range.offset ?? 0],
  );
  return (rows as AttemptRow[]).map(toAttempt);
}

export interface WebhookHealth {
  successCount: number;
  failureCount: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
}

/** Per endpoint: attempt counts and the last success and failure. */
export async function webhookHealth(db: SqlQueryable, webhookIds: readonly string[]): Promise<Map<string, WebhookHealth>> {
  const map = new Map<string, WebhookHealth>();
  if (webhookIds.length === 0) return map;
  const { rows } = await db.query(
    `SELECT webhook_id::text AS id, count(*) FILTER (WHERE success)::int AS ok, count(*) FILTER (WHERE NOT success)::int AS failed,
            max(attempted_at) FILTER (WHERE success) AS last_ok, max(attempted_at) FILTER (WHERE NOT success) AS last_failed
       FROM webhook_attempts WHERE webhook_id = ANY($1::uuid[]) GROUP BY webhook_id`,
    [webhookIds],
  );
  for (const r of rows as { id: string; ok: number; failed: number; last_ok: Date | null; last_failed: Date | null }[]) {
    map.set(r.id, { successCount: r.ok, failureCount: r.failed, lastSuccessAt: r.last_ok?.toISOString() ?? null, lastFailureAt: r.last_failed?.toISOString() ?? null });
  }
  return map;
}

export interface WebhookEndpointRow {
  id: string;
  name: string;
  url: string;
  events: string[];
  active: boolean;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Every endpoint (the read model), newest first; empty before the projector created it. */
export async function listWebhookEndpoints(db: SqlQueryable): Promise<WebhookEndpointRow[]> {
  try {
    const { rows } = await db.query('SELECT id::text AS id, name, url, events, active, disabled_reason, created_at, updated_at FROM webhook_endpoints ORDER BY created_at DESC, id');
    return rows as WebhookEndpointRow[];
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  }
}

/** Active endpoints subscribed to a public event type. */
export async function activeWebhookEndpointsFor(db: SqlQueryable, type: string): Promise<WebhookEndpointRow[]> {
  try {
    const { rows } = await db.query('SELECT id::text AS id, name, url, events, active, disabled_reason, created_at, updated_at FROM webhook_endpoints WHERE active AND $1 = ANY(events)', [type]);
    return rows as WebhookEndpointRow[];
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  }
}

export async function getWebhookEndpoint(db: SqlQueryable, id: string): Promise<WebhookEndpointRow | null> {
  try {
    const { rows } = await db.query('SELECT id::text AS id, name, url, events, active, disabled_reason, created_at, updated_at FROM webhook_endpoints WHERE id = $1', [id]);
    return (rows[0] as WebhookEndpointRow | undefined) ?? null;
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return null;
    throw err;
  }
}
