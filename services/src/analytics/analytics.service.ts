import { randomUUID } from 'node:crypto';
import { analyticsStreamId, validateEventData, type AnalyticsBatchInput, type EventStore } from '@crm/contracts';

export interface AnalyticsService {
  /** Appends one `AnalyticsEventsRecorded` per batch to the day's stream; returns the stream it went to. */
  record(batch: AnalyticsBatchInput, ctx: { correlationId: string }): Promise<{ streamId: string }>;
}

/**
 * Usage analytics ingestion. No decider: there is no rule to enforce beyond the input's shape (checked by
 * the zod schema at the edge), and no state to read, so a batch is appended with expected version `any`
 * (concurrent batches of the same day never conflict). Deliberately no IP address or user agent in the event
 * or its metadata: the visitor consented to usage analytics, not to being identified.
 */
export function createAnalyticsService(deps: { store: EventStore; now: () => Date }): AnalyticsService {
  return {
    async record(batch, ctx) {
      const receivedAt = deps.now();
      const streamId = analyticsStreamId(receivedAt);
      const data = { events: batch.events, receivedAt: receivedAt.toISOString() };
      await deps.store.append(
        streamId,
        [
          {
            id: randomUUID(),
            type: 'AnalyticsEventsRecorded',
            ...validateEventData('AnalyticsEventsRecorded', data),
            metadata: { correlationId: ctx.correlationId, causationId: null, userId: null, ip: null, userAgent: null },
          },
        ],
        { expectedVersion: 'any' },
      );
      return { streamId };
    },
  };
}
