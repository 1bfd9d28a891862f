/**
 * Turns committed events into webhook deliveries (never a request handler): each internal event that maps to a
 * public type (contracts' webhook catalog) becomes one WEBHOOKS_QUEUE job per active endpoint subscribed to it,
 * job id `wh-<webhookId>-<eventId>` (a replayed batch never enqueues twice). It also carries out the admins'
 * requests, recorded as events: a test event, a manual retry of one delivery, a replay of a time range.
 */
import type pg from 'pg';
import {
  type RecordedEvent,
  WEBHOOK_SOURCE_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDeliveryJob,
  toPublicWebhookEvent,
  webhookEventSchemas,
} from '@crm/contracts';
import { ensureWebhookTables, getWebhookEndpoint, listWebhookEndpoints } from '@crm/projections';
import type { WorkerLogger } from '../../logger.ts';
import type { AppQueue } from '../../queue/queue-connection.ts';
import type { Reactor } from '../../reactors/reactor-runner.ts';
import { enqueueWebhookDeliveries, enqueueWebhookDelivery, webhookDeliveryId, webhookMessageId } from './webhook-delivery.job.ts';

export const WEBHOOK_DELIVERY_REACTOR = 'webhook-deliveries';

export interface WebhookDeliveryReactorDeps {
  pool: pg.Pool;
  queue: AppQueue<WebhookDeliveryJob>;
  schedule: readonly number[];
  log: WorkerLogger;
}

export function webhookDeliveryReactor(deps: WebhookDeliveryReactorDeps): Reactor {
  const { pool, queue, schedule, log } = deps;
  const enqueue = (job: WebhookDeliveryJob, deliveryId?: string) => enqueueWebhookDelivery(pool, queue, job, schedule, deliveryId);

  /** The batch's publishable events: the active endpoints read once, the deliveries recorded and enqueued in bulk. */
  const publishAll = async (events: readonly RecordedEvent[]) => {
    if (events.length === 0) return;
    const endpoints = (await listWebhookEndpoints(pool)).filter((e) => e.active);
    if (endpoints.length === 0) return;
    const jobs: WebhookDeliveryJob[] = [];
    for (const event of events) {
      const pub = toPublicWebhookEvent(event.type, event.data);
      if (!pub) continue;
      for (const e of endpoints) {
        if (!e.events.includes(pub.type)) continue;
        jobs.push({ webhookId: e.id, messageId: webhookMessageId(event.id), eventId: event.id, type: pub.type, timestamp: event.timestamp.toISOString(), data: pub.data, committedAt: event.timestamp.toISOString() });
      }
    }
    for (let i = 0; i < jobs.length; i += 500) await enqueueWebhookDeliveries(pool, queue, jobs.slice(i, i + 500), schedule);
  };

  const parse = <K extends keyof typeof webhookEventSchemas>(type: K, event: RecordedEvent) => {
    const r = webhookEventSchemas[type].schema.safeParse(event.data);
    if (!r.success) log.error({ eventId: event.id, type }, 'webhook request event does not match its schema; ignored');
    return r.success ? r.data : null;
  };

  const test = async (event: RecordedEvent) => {
    const d = parse('WebhookTestRequested', event) as { webhookId: string } | null;
    if (!d || !(await getWebhookEndpoint(pool, d.webhookId))) return;
    await enqueue({
      webhookId: d.webhookId,
      messageId: webhookMessageId(event.id),
      eventId: event.id,
      type: WEBHOOK_TEST_EVENT_TYPE,
      timestamp: event.timestamp.toISOString(),
      data: { webhookId: d.webhookId, message: 'This is a test event from the CRM.' },
      committedAt: event.timestamp.toISOString(),
    });
  };

  const retry = async (event: RecordedEvent) => {
    const d = parse('WebhookDeliveryRetryRequested', event) as { webhookId: string; deliveryId: string } | null;
    if (!d) return;
    const { rows } = await pool.query<{ message_id: string; event_id: string; event_type: string; body: string; event_at: Date }>(
      'SELECT message_id, event_id, event_type, body, event_at FROM webhook_deliveries WHERE delivery_id = $1 AND webhook_id = $2',
      [d.deliveryId, d.webhookId],
    );
    const r = rows[0];
    if (!r) return;
    const body = JSON.parse(r.body) as { type: string; timestamp: string; data: unknown };
    // Same webhook-id and body; a job of its own (the request's id), so the retry runs even if the first job is kept.
    await enqueue(
      { webhookId: d.webhookId, messageId: r.message_id, eventId: r.event_id, type: body.type, timestamp: body.timestamp, data: body.data },
      `${webhookDeliveryId(d.webhookId, r.event_id)}-r${event.id}`,
    );
  };

  const replay = async (event: RecordedEvent) => {
    const d = parse('WebhookReplayRequested', event) as { webhookId: string; from: string; to: string } | null;
    if (!d) return;
    const endpoint = await getWebhookEndpoint(pool, d.webhookId);
    if (!endpoint) return;
    // The PostgreSQL event store's table (EventStoreDB: replay is not supported and logs so).
    const res = await pool
      .query<{ event_id: string; type: string; data: unknown; created_at: Date }>(
        'SELECT event_id::text AS event_id, type, data, created_at FROM es_events WHERE created_at >= $1 AND created_at <= $2 AND type = ANY($3) ORDER BY global_position LIMIT 10000',
        [d.from, d.to, [...WEBHOOK_SOURCE_EVENT_TYPES]],
      )
      .catch((err: Error) => {
        log.error({ err: err.message }, 'webhook replay: cannot read the event store table');
        return null;
      });
    const jobs: WebhookDeliveryJob[] = [];
    for (const row of res?.rows ?? []) {
      const pub = toPublicWebhookEvent(row.type, row.data);
      if (!pub || !endpoint.events.includes(pub.type)) continue;
      jobs.push({ webhookId: d.webhookId, messageId: webhookMessageId(row.event_id), eventId: row.event_id, type: pub.type, timestamp: row.created_at.toISOString(), data: pub.data });
    }
    for (let i = 0; i < jobs.length; i += 500) await enqueueWebhookDeliveries(pool, queue, jobs.slice(i, i + 500), schedule, `-p${event.id}`);
    log.info({ webhookId: d.webhookId, deliveries: jobs.length }, 'webhook replay enqueued');
  };

  let tablesReady: Promise<void> | null = null;
  return {
    name: WEBHOOK_DELIVERY_REACTOR,
    async handle(events) {
      tablesReady ??= ensureWebhookTables(pool).catch((err: unknown) => {
        tablesReady = null;
        throw err;
      });
      await tablesReady;
      // In order: the publishable events gathered up to an admin's request, then that request.
      let pending: RecordedEvent[] = [];
      for (const event of events) {
        if (WEBHOOK_SOURCE_EVENT_TYPES.has(event.type)) {
          pending.push(event);
          continue;
        }
        if (!event.type.startsWith('Webhook')) continue;
        await publishAll(pending);
        pending = [];
        if (event.type === 'WebhookTestRequested') await test(event);
        else if (event.type === 'WebhookDeliveryRetryRequested') await retry(event);
        else if (event.type === 'WebhookReplayRequested') await replay(event);
        // An endpoint created, changed or deleted: the next publishable events read the endpoints again.
      }
      await publishAll(pending);
    },
  };
}
