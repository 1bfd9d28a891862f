/**
 * The WEBHOOKS_QUEUE job: deliver one event to one endpoint (Standard Webhooks).
 * - job id `wh-<webhookId>-<eventId>` (a manual retry appends `-r<request event id>`): enqueuing again is a no-op;
 * - headers webhook-id (`msg_<eventId>`, the same on every attempt), webhook-timestamp, webhook-signature (one
 *   `v1,` signature per valid secret: during a rotation's overlap the old and the new one);
 * - only a 2xx succeeds; each attempt is a row in webhook_attempts; a failure throws and BullMQ retries on the
 *   schedule (webhook-retry.ts), honouring Retry-After on 429/503;
 * - 410 Gone disables the endpoint (no retry); an endpoint with no success for 5 days is disabled and the admins
 *   are mailed.
 */
import { randomUUID } from 'node:crypto';
import { type Job, type JobsOptions, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import {
  type EventStore,
  type SendEmailJob,
  WEBHOOKS_QUEUE,
  type WebhookDeliveryJob,
  webhookDeliveryJobSchema,
  webhookEventSchemas,
  webhookStreamId,
} from '@crm/contracts';
import type { WorkerLogger } from '../../logger.ts';
import { enqueueMail } from '../../mail/send-email.job.ts';
import type { AppQueue } from '../../queue/queue-connection.ts';
import { sendSafely } from './safe-http.ts';
import { WEBHOOK_FAILING_DISABLE_MS, parseRetryAfter } from './webhook-retry.ts';
import { signatureHeader } from './webhook-signing.ts';
import { secretContext, type SecretBox } from '@crm/projections';

export { WEBHOOKS_QUEUE };
export const WEBHOOK_DELIVERY_JOB = 'deliver';

/** The deterministic job id (and delivery id) of one event's delivery to one endpoint. */
export const webhookDeliveryId = (webhookId: string, eventId: string): string => `wh-${webhookId}-${eventId}`;

/** The webhook-id header of an event's deliveries (stable across attempts, retries and replays). */
export const webhookMessageId = (eventId: string): string => `msg_${eventId}`;

/** The body `{type, timestamp, data}` (deterministic for a job). */
export const webhookBody = (job: Pick<WebhookDeliveryJob, 'type' | 'timestamp' | 'data'>): string => JSON.stringify({ type: job.type, timestamp: job.timestamp, data: job.data });

const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;

/** How long WEBHOOKS_QUEUE keeps finished jobs: removed by the webhooks worker's clean-up timer (queue/finished-job-cleaner.ts). */
export const WEBHOOK_JOB_RETENTION = { completedAgeMs: SEVEN_DAYS_MS, failedAgeMs: 4 * SEVEN_DAYS_MS } as const;

export function webhookJobOptions(schedule: readonly number[]): JobsOptions {
  return {
    attempts: schedule.length + 1,
    backoff: { type: 'webhook' },
    removeOnComplete: false,
    removeOnFail: false,
  };
}

/** Records the delivery and enqueues its job; a second call for the same delivery id changes nothing. */
export async function enqueueWebhookDelivery(
  pool: pg.Pool,
  queue: AppQueue<WebhookDeliveryJob>,
  job: WebhookDeliveryJob,
  schedule: readonly number[],
  deliveryId: string = webhookDeliveryId(job.webhookId, job.eventId),
): Promise<void> {
  const data = webhookDeliveryJobSchema.parse(job);
  await pool.query(
    `INSERT INTO webhook_deliveries (delivery_id, webhook_id, message_id, event_id, event_type, body, event_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (delivery_id) DO NOTHING`,
    [deliveryId, data.webhookId, data.messageId, data.eventId, data.type, webhookBody(data), data.timestamp],
  );
  await queue.add(WEBHOOK_DELIVERY_JOB, data, { ...webhookJobOptions(schedule), jobId: deliveryId });
}

/** Records and enqueues many deliveries at once (one INSERT, one addBulk); already known ids change nothing. */
export async function enqueueWebhookDeliveries(
  pool: pg.Pool,
  queue: AppQueue<WebhookDeliveryJob>,
  jobs: readonly WebhookDeliveryJob[],
  schedule: readonly number[],
  /** Appended to each delivery id (a replay's `-p<request event id>`). */
  idSuffix = '',
): Promise<void> {
  if (jobs.length === 0) return;
  const data = jobs.map((j) => webhookDeliveryJobSchema.parse(j));
  const ids = data.map((d) => `${webhookDeliveryId(d.webhookId, d.eventId)}${idSuffix}`);
  await pool.query(
    `INSERT INTO webhook_deliveries (delivery_id, webhook_id, message_id, event_id, event_type, body, event_at)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
     ON CONFLICT (delivery_id) DO NOTHING`,
    [ids, data.map((d) => d.webhookId), data.map((d) => d.messageId), data.map((d) => d.eventId), data.map((d) => d.type), data.map((d) => webhookBody(d)), data.map((d) => d.timestamp)],
  );
  const opts = webhookJobOptions(schedule);
  await queue.addBulk(data.map((d, i) => ({ name: WEBHOOK_DELIVERY_JOB, data: d, opts: { ...opts, jobId: ids[i]! } })));
}

/** A failed attempt; `retryAfterMs` from a 429/503's Retry-After. */
export class WebhookAttemptError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
    this.name = 'WebhookAttemptError';
  }
}

export interface WebhookDeliveryDeps {
  pool: pg.Pool;
  log: WorkerLogger;
  /** Opens the endpoint's sealed signing secrets. */
  secrets: SecretBox;
  /** To record WebhookEndpointDisabled (410, failing for 5 days); without it the endpoint stays enabled. */
  store?: EventStore;
  mailQueue?: AppQueue<SendEmailJob>;
  now?: () => Date;
  timeoutMs?: number;
  /** Loopback and private receivers allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS; default false). */
  allowPrivateNetworks?: boolean;
}

type DisableReason = 'gone' | 'failing';

export function createWebhookDeliveryProcessor(deps: WebhookDeliveryDeps) {
  const { pool, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** The endpoint (read model) and its valid secrets in one round trip; null when it is not (or no longer) there. */
  async function endpointOf(webhookId: string, at: Date): Promise<{ endpoint: { url: string; active: boolean }; secrets: string[] } | null> {
    try {
      const { rows } = await pool.query<{ url: string; active: boolean; secret: string | null; previous_secret: string | null; previous_valid_until: Date | null }>(
        `SELECT e.url, e.active, c.secret, c.previous_secret, c.previous_valid_until
           FROM webhook_endpoints e LEFT JOIN webhook_credentials c ON c.webhook_id = e.id WHERE e.id = $1`,
        [webhookId],
      );
      const r = rows[0];
      if (!r) return null;
      const sealed = !r.secret ? [] : r.previous_secret && r.previous_valid_until && r.previous_valid_until > at ? [r.secret, r.previous_secret] : [r.secret];
      return { endpoint: { url: r.url, active: r.active }, secrets: sealed.map((s) => deps.secrets.open(s, secretContext.webhook(webhookId))) };
    } catch (err) {
      if ((err as { code?: string }).code === '42P01') return null;
      throw err;
    }
  }

  async function disable(webhookId: string, reason: DisableReason, url: string) {
    if (!deps.store) return;
    const stream = await deps.store.readStream(webhookStreamId(webhookId));
    const last = stream[stream.length - 1];
    if (!last || last.type === 'WebhookEndpointDeleted') return;
    let active = true;
    for (const e of stream) {
      if (e.type === 'WebhookEndpointDisabled') active = false;
      else if (e.type === 'WebhookEndpointUpdated') active = (e.data as { active: boolean }).active;
      else if (e.type === 'WebhookEndpointCreated') active = true;
    }
    if (!active) return;
    const at = now().toISOString();
    const id = randomUUID();
    try {
      await deps.store.append(
        webhookStreamId(webhookId),
        [
          {
            id,
            type: 'WebhookEndpointDisabled',
            schemaVersion: webhookEventSchemas.WebhookEndpointDisabled.version,
            data: { webhookId, reason, disabledBy: null, disabledAt: at },
            metadata: { correlationId: id, causationId: null, userId: null },
          },
        ],
        { expectedVersion: last.streamVersion },
      );
    } catch (err) {
      // A concurrent change (another attempt disabled it): nothing more to do.
      log.warn({ webhookId, err: (err as Error).message }, 'webhook disable raced; skipped');
      return;
    }
    log.warn({ webhookId, reason }, 'webhook endpoint disabled');
    if (reason === 'failing' && deps.mailQueue) await mailAdmins(webhookId, url, id);
  }

  async function mailAdmins(webhookId: string, url: string, causationId: string) {
    const { rows } = await pool
      .query<{ email: string }>("SELECT email FROM users WHERE user_type = 'admin' AND is_active")
      .catch(() => ({ rows: [] as { email: string }[] }));
    for (const [i, r] of rows.entries()) {
      await enqueueMail(deps.mailQueue!, {
        to: r.email,
        subject: 'A webhook endpoint was disabled',
        text: `Every delivery to the webhook endpoint ${url} (id ${webhookId}) has failed for 5 days, so it was disabled.\nFix the receiver, then enable it again under Integrations → Webhooks.`,
        attachments: [],
        causationEventId: `${causationId}-${i}`,
      });
    }
  }

  /** No success for 5 days while failing since then: disable. */
  async function failingTooLong(webhookId: string, at: Date): Promise<boolean> {
    const { rows } = await pool.query<{ first_failure: Date | null }>(
      `SELECT min(attempted_at) AS first_failure FROM webhook_attempts
        WHERE webhook_id = $1 AND NOT success
          AND attempted_at > coalesce((SELECT max(attempted_at) FROM webhook_attempts WHERE webhook_id = $1 AND success), '-infinity')`,
      [webhookId],
    );
    const first = rows[0]?.first_failure;
    return !!first && at.getTime() - first.getTime() >= WEBHOOK_FAILING_DISABLE_MS;
  }

  return async function deliverWebhook(job: Job<unknown>): Promise<{ status: 'delivered' | 'skipped'; statusCode?: number }> {
    const parsed = webhookDeliveryJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid webhook job ${job.id}: ${parsed.error.message}`);
    const d = parsed.data;
    const deliveryId = job.id ?? webhookDeliveryId(d.webhookId, d.eventId);
    const at = now();
    const target = await endpointOf(d.webhookId, at);
    const endpoint = target?.endpoint;
    if (!endpoint || !endpoint.active) {
      await pool.query("UPDATE webhook_deliveries SET status = 'skipped' WHERE delivery_id = $1", [deliveryId]);
      return { status: 'skipped' };
    }
    const secrets = target.secrets;
    if (secrets.length === 0) throw new UnrecoverableError(`webhook ${d.webhookId} has no secret`);
    const ts = Math.floor(at.getTime() / 1000);
    const body = webhookBody(d);
    const attempt = job.attemptsMade + 1;
    let statusCode: number | null = null;
    let excerpt: string | null = null;
    let error: string | null = null;
    let retryAfterMs: number | null = null;
    const started = performance.now();
    try {
      const res = await sendSafely(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': d.messageId, 'webhook-timestamp': String(ts), 'webhook-signature': signatureHeader(secrets, d.messageId, ts, body) },
        body,
        timeoutMs: 15_000,
        allowPrivate: deps.allowPrivateNetworks ?? false,
      });
      statusCode = res.status;
      excerpt = res.excerpt;
      if (res.status === 429 || res.status === 503) retryAfterMs = parseRetryAfter(res.headers['retry-after'], at.getTime());
      if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error).message.slice(0, 500);
    }
    const durationMs = Math.round(performance.now() - started);
    const success = error === null;
    // The attempt and the delivery's state in one round trip.
    await pool.query(
      `WITH attempt AS (
         INSERT INTO webhook_attempts (webhook_id, delivery_id, message_id, event_type, url, attempt, attempted_at, status_code, duration_ms, success, response_excerpt, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12))
       UPDATE webhook_deliveries SET status = $13, attempts = attempts + 1, last_attempt_at = $7, first_attempt_at = coalesce(first_attempt_at, $7) WHERE delivery_id = $2`,
      [d.webhookId, deliveryId, d.messageId, d.type, endpoint.url, attempt, at, statusCode, durationMs, success, excerpt, error, success ? 'succeeded' : 'failing'],
    );
    if (success) return { status: 'delivered', statusCode: statusCode! };
    if (statusCode === 410) {
      await disable(d.webhookId, 'gone', endpoint.url);
      await pool.query("UPDATE webhook_deliveries SET status = 'failed' WHERE delivery_id = $1", [deliveryId]);
      throw new UnrecoverableError('410 Gone: endpoint disabled');
    }
    if (await failingTooLong(d.webhookId, at)) {
      await disable(d.webhookId, 'failing', endpoint.url);
      await pool.query("UPDATE webhook_deliveries SET status = 'failed' WHERE delivery_id = $1", [deliveryId]);
      throw new UnrecoverableError('failing for 5 days: endpoint disabled');
    }
    if (attempt >= (job.opts.attempts ?? 1)) await pool.query("UPDATE webhook_deliveries SET status = 'failed' WHERE delivery_id = $1", [deliveryId]);
    throw new WebhookAttemptError(error ?? 'failed', retryAfterMs);
  };
}
