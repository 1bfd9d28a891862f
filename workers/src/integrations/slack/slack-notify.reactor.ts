import type pg from 'pg';
import { WEBHOOK_SOURCE_EVENT_TYPES, integrationStreamId, toPublicWebhookEvent, type EventStore, type RecordedEvent } from '@crm/contracts';
import type { WorkerLogger } from '../../logger.ts';
import type { AppQueue } from '../../queue/queue-connection.ts';
import type { Reactor } from '../../reactors/reactor-runner.ts';
import { SLACK_JOB_OPTIONS, SLACK_NOTIFY_JOB, type SlackNotifyJob } from './slack-notify.job.ts';

export const SLACK_REACTOR = 'integration-slack';

/** Slack's state folded from its stream (installed, active, the chosen events). */
async function slackState(store: EventStore): Promise<{ active: boolean; events: string[] }> {
  let active = false;
  let events: string[] = [];
  for (const e of await store.readStream(integrationStreamId('slack'))) {
    const d = e.data as { settings?: { events?: string[] } };
    if (e.type === 'IntegrationActivated') active = true;
    else if (e.type === 'IntegrationDeactivated' || e.type === 'IntegrationUninstalled') active = false;
    if (e.type === 'IntegrationConfigured') events = d.settings?.events ?? [];
    if (e.type === 'IntegrationUninstalled') events = [];
  }
  return { active, events };
}

/**
 * Turns committed events into Slack posts (never a request handler): each event that maps to a public type
 * Slack is enabled for becomes one SLACK_QUEUE job, id `slack-<eventId>` (a replayed batch never posts twice).
 * Slack's state is read from its stream once and kept across batches: only Integration* events change it and each
 * of them passes through here in order, so the state is read again after one (and after this instance takes the
 * lead). It was read once per batch: at half the bench's maximum one more statement per ~5 bookings. While Slack is
 * off, an event is not matched against the public catalog (a zod parse each).
 */
export function slackNotifyReactor(deps: { store: EventStore; pool: pg.Pool; queue: AppQueue<SlackNotifyJob>; log: WorkerLogger }): Reactor {
  let state: { active: boolean; events: string[] } | null = null;
  return {
    name: SLACK_REACTOR,
    reset() {
      state = null;
    },
    async handle(events: RecordedEvent[]) {
      for (const event of events) {
        if (event.type.startsWith('Integration')) state = null;
        if (!WEBHOOK_SOURCE_EVENT_TYPES.has(event.type)) continue;
        state ??= await slackState(deps.store);
        if (!state.active) continue;
        const pub = toPublicWebhookEvent(event.type, event.data);
        if (!pub || !state.events.includes(pub.type)) continue;
        await deps.queue.add(SLACK_NOTIFY_JOB, { eventId: event.id, type: pub.type, data: pub.data }, { ...SLACK_JOB_OPTIONS, jobId: `slack-${event.id}` });
      }
    },
  };
}
