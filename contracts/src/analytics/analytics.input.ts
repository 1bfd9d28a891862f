import { z } from 'zod';

/** At most this many events per batch (the web app flushes in batches of this size). */
export const ANALYTICS_MAX_BATCH = 50;
/** At most this many properties per event, with short keys and short values: analytics, not a data channel. */
export const ANALYTICS_MAX_PROPS = 20;
export const ANALYTICS_MAX_PROP_LENGTH = 200;

/**
 * Event names are snake_case identifiers (`page_view`, `start_trial`, `nav_trial_mobile`, `contact_submit`):
 * a strict pattern rather than an allow-list, so a new button event needs no server release, while free text,
 * URLs or personal data cannot be smuggled in as a name.
 */
export const analyticsEventName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a snake_case name of at most 64 characters');

const propKey = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** A flat record of strings, finite numbers and booleans (no nesting, no nulls). */
export const analyticsProps = z
  .record(
    z.string().regex(propKey, 'property names are identifiers of at most 40 characters'),
    z.union([z.string().max(ANALYTICS_MAX_PROP_LENGTH, `must be at most ${ANALYTICS_MAX_PROP_LENGTH} characters`), z.number().finite(), z.boolean()]),
  )
  .refine((props) => Object.keys(props).length <= ANALYTICS_MAX_PROPS, `must have at most ${ANALYTICS_MAX_PROPS} properties`);

export const analyticsEventInput = z.strictObject({
  name: analyticsEventName,
  props: analyticsProps.default({}),
  /** The page's path (no query string: it may carry tokens), e.g. `/blog/some-article`. */
  path: z.string().max(300, 'must be at most 300 characters').regex(/^\/[^?#\s]*$/, 'must be a path starting with / without query or fragment'),
  /** When it happened on the visitor's clock. */
  at: z.iso.datetime(),
  /** A random id per browser tab session (sessionStorage), not a user or cookie id. */
  sessionId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be 8 to 64 letters, digits or dashes'),
});

export const analyticsBatchInput = z.strictObject({
  events: z.array(analyticsEventInput).min(1, 'must hold at least one event').max(ANALYTICS_MAX_BATCH, `must hold at most ${ANALYTICS_MAX_BATCH} events`),
});

export type AnalyticsEventInput = z.infer<typeof analyticsEventInput>;
export type AnalyticsBatchInput = z.infer<typeof analyticsBatchInput>;
