import { z } from 'zod';

/**
 * API logs (issue 15, "API logs"): one row per request made with an API key and per webhook delivery attempt.
 * Operational rows, not events (docs/INTEGRATIONS.md, "API logs").
 */
export const API_LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const API_LOG_STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type ApiLogStatusClass = (typeof API_LOG_STATUS_CLASSES)[number];
/** Where a row comes from: a request made with an API key, or a webhook delivery attempt. */
export const API_LOG_SOURCES = ['api', 'webhook'] as const;
export type ApiLogSource = (typeof API_LOG_SOURCES)[number];

export const API_LOGS_PAGE_SIZE_MAX = 100;

const wholeFrom1 = 'must be a whole number from 1';
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

/** Filters and paging of the API Logs tab; query strings are coerced (REST). */
export const apiLogListInput = z.object({
  method: z.enum(['all', ...API_LOG_METHODS], { error: `must be one of all, ${API_LOG_METHODS.join(', ')}` }).default('all'),
  status: z.enum(['all', ...API_LOG_STATUS_CLASSES], { error: `must be one of all, ${API_LOG_STATUS_CLASSES.join(', ')}` }).default('all'),
  /** An API key's id (or a webhook endpoint's id for webhook rows). */
  keyId: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** Part of the endpoint (path or route pattern), case-insensitive. */
  search: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number({ error: wholeFrom1 }).int(wholeFrom1).min(1, wholeFrom1).max(100_000, 'must be at most 100000').default(1),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${API_LOGS_PAGE_SIZE_MAX}` })
    .int(`must be a whole number from 1 to ${API_LOGS_PAGE_SIZE_MAX}`)
    .min(1, `must be a whole number from 1 to ${API_LOGS_PAGE_SIZE_MAX}`)
    .max(API_LOGS_PAGE_SIZE_MAX, `must be a whole number from 1 to ${API_LOGS_PAGE_SIZE_MAX}`)
    .default(50),
});
export type ApiLogListInput = z.output<typeof apiLogListInput>;
export type ApiLogListPayload = z.input<typeof apiLogListInput>;

/** One row of the API Logs tab (spec 02 ApiLog, with the route pattern, the request id and the key). */
export const apiLogEntrySchema = z.object({
  id: z.string(),
  source: z.enum(API_LOG_SOURCES),
  at: z.string(),
  method: z.string(),
  /** The route pattern (e.g. `/api/admin/customers/:id`), or the path when no route matched. */
  endpoint: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  requestId: z.string(),
  keyId: z.string().nullable(),
  keyName: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type ApiLogEntry = z.infer<typeof apiLogEntrySchema>;

export const apiLogListResultSchema = z.object({ items: z.array(apiLogEntrySchema), total: z.number().int() });
export type ApiLogListResult = z.infer<typeof apiLogListResultSchema>;
