import type pg from 'pg';
import type { Job } from 'bullmq';
import type { WorkerLogger } from '../../logger.ts';
import { sendSafely } from '../webhooks/safe-http.ts';
import { slackMessage } from './slack-message.ts';
import { secretContext, type SecretBox } from '@crm/projections';

export const SLACK_QUEUE = 'integration-slack';
export const SLACK_NOTIFY_JOB = 'slack-notify';

/** One Slack post: the public event (type, data) of one committed event; the URL is read when it runs. */
export interface SlackNotifyJob {
  eventId: string;
  type: string;
  data: unknown;
}

export const SLACK_JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 } as const;

/** Records an outcome in integration_delivery (the marketplace's health, error banner and uptime card). */
export async function recordSlackOutcome(pool: pg.Pool, ok: boolean, error: string | null): Promise<void> {
  await pool.query(
    ok
      ? `INSERT INTO integration_delivery (integration_id, successes, last_success_at) VALUES ('slack', 1, now())
         ON CONFLICT (integration_id) DO UPDATE SET successes = integration_delivery.successes + 1, last_success_at = now()`
      : `INSERT INTO integration_delivery (integration_id, failures, last_failure_at, last_error) VALUES ('slack', 1, now(), $1)
         ON CONFLICT (integration_id) DO UPDATE SET failures = integration_delivery.failures + 1, last_failure_at = now(), last_error = $1`,
    ok ? [] : [error],
  );
}

/** A booking event names only its booking: the message shows who and when from the bookings read model. */
async function withBooking(pool: pg.Pool, data: unknown): Promise<unknown> {
  const d = (data ?? {}) as Record<string, unknown>;
  if (typeof d.bookingId !== 'string' || typeof d.name === 'string') return data;
  const { rows } = await pool
    .query<{ name: string; email: string; company: string | null; meeting_type: string; preferred_date: string; preferred_time: string }>(
      'SELECT name, email, company, meeting_type, preferred_date, preferred_time FROM bookings WHERE id::text = $1',
      [d.bookingId],
    )
    .catch(() => ({ rows: [] }));
  const b = rows[0];
  if (!b) return data;
  return { ...d, name: b.name, email: b.email, ...(b.company ? { company: b.company } : {}), meetingType: b.meeting_type, preferredDate: b.preferred_date, preferredTime: b.preferred_time };
}

/** Posts the message to the stored incoming-webhook URL through the SSRF-safe sender; only 2xx succeeds. */
export function createSlackNotifyProcessor(deps: { pool: pg.Pool; log: WorkerLogger; secrets: SecretBox; publicUrl?: string; allowPrivateNetworks?: boolean }) {
  return async (job: Job<SlackNotifyJob>) => {
    const { rows } = await deps.pool.query<{ secret: string | null }>("SELECT secret FROM integration_credential WHERE integration_id = 'slack'");
    const sealed = rows[0]?.secret;
    if (!sealed) return { skipped: 'no url' };
    const url = deps.secrets.open(sealed, secretContext.integration('slack'));
    const body = JSON.stringify(slackMessage(job.data.type, await withBooking(deps.pool, job.data.data), deps.publicUrl));
    let error: string | null = null;
    try {
      const res = await sendSafely(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, timeoutMs: 15_000, allowPrivate: deps.allowPrivateNetworks ?? false });
      if (res.status >= 200 && res.status < 300) {
        await recordSlackOutcome(deps.pool, true, null);
        return { status: res.status };
      }
      error = `HTTP ${res.status}${res.excerpt ? `: ${res.excerpt.slice(0, 200)}` : ''}`;
    } catch (err) {
      error = (err as Error).message;
    }
    await recordSlackOutcome(deps.pool, false, error);
    deps.log.warn({ eventId: job.data.eventId, error }, 'slack post failed');
    throw new Error(error ?? 'slack post failed');
  };
}
