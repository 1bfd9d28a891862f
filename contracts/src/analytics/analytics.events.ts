import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';

/**
 * One batch of usage events as the first-party endpoint received it (the visitor had analytics consent on).
 * Stream `analytics-YYYY-MM-DD` (UTC day of receipt): append-only, no decider (nothing to decide: every valid
 * batch is recorded). No IP address or user agent is kept: the events carry only a per-tab session id.
 */
export const analyticsEventsRecordedV1 = z.object({
  events: z.array(
    z.object({
      name: z.string(),
      props: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      path: z.string(),
      at: z.iso.datetime(),
      sessionId: z.string(),
    }),
  ),
  receivedAt: z.iso.datetime(),
});

export const analyticsEventSchemas = {
  /** A usage batch: no record, no actor, nothing sensitive (no IP or user agent is kept). */
  AnalyticsEventsRecorded: auditedEvent(1, analyticsEventsRecordedV1, { entity: 'analytics', entityId: () => null, action: 'SUBMIT', risk: 'low' }),
} as const;

type Schemas = typeof analyticsEventSchemas;
export type AnalyticsEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];

/** The day's stream of recorded batches (UTC). */
export const analyticsStreamId = (receivedAt: Date) => `analytics-${receivedAt.toISOString().slice(0, 10)}`;
