/**
 * The public webhook event types (`<entity>.<what happened>`), each mapped from one internal event and carrying
 * that event's data as `data` in the Standard Webhooks body `{type, timestamp, data}`. The payload schema is the
 * contract's zod schema of that event, published as JSON Schema (`z.toJSONSchema`), versioned with the event's
 * schema version. `webhook.test` is what "Send test event" delivers.
 */
import { z } from 'zod';
import { bookingEventSchemas } from '../bookings/booking.events.ts';
import { customerEventSchemas } from '../customers/customer.events.ts';
import { dealEventSchemas } from '../deals/deal.events.ts';
import { taskEventSchemas } from '../tasks/task.events.ts';

interface CatalogEntry {
  type: string;
  /** The internal event it is made from. */
  from: string;
  description: string;
  version: number;
  schema: z.ZodType;
  /** Extra condition on the internal event's data (task.completed: a status change to completed). */
  when?: (data: Record<string, unknown>) => boolean;
}

const webhookTestDataV1 = z.object({ webhookId: z.string().uuid(), message: z.string() });

const entry = (type: string, from: string, description: string, schemas: Record<string, { version: number; schema: z.ZodType }>, when?: CatalogEntry['when']): CatalogEntry => ({
  type,
  from,
  description,
  version: schemas[from]!.version,
  schema: schemas[from]!.schema,
  ...(when ? { when } : {}),
});

const B = bookingEventSchemas as unknown as Record<string, { version: number; schema: z.ZodType }>;
const C = customerEventSchemas as unknown as Record<string, { version: number; schema: z.ZodType }>;
const D = dealEventSchemas as unknown as Record<string, { version: number; schema: z.ZodType }>;
const T = taskEventSchemas as unknown as Record<string, { version: number; schema: z.ZodType }>;

const CATALOG: readonly CatalogEntry[] = [
  entry('booking.requested', 'BookingRequested', 'A visitor requested a meeting.', B),
  entry('booking.confirmed', 'BookingConfirmed', 'A meeting request was confirmed.', B),
  entry('booking.cancelled', 'BookingCancelled', 'A meeting was cancelled.', B),
  entry('booking.completed', 'BookingCompleted', 'A meeting took place and was marked completed.', B),
  entry('customer.created', 'CustomerCreated', 'A customer was created.', C),
  entry('customer.updated', 'CustomerUpdated', "A customer's profile was changed.", C),
  entry('customer.status_changed', 'CustomerStatusChanged', "A customer's status changed.", C),
  entry('customer.deleted', 'CustomerDeleted', 'A customer was deleted.', C),
  entry('deal.created', 'DealCreated', 'A deal was created.', D),
  entry('deal.updated', 'DealUpdated', 'A deal was changed.', D),
  entry('deal.stage_changed', 'DealStageChanged', 'A deal moved to another stage.', D),
  entry('deal.deleted', 'DealDeleted', 'A deal was deleted.', D),
  entry('task.created', 'TaskCreated', 'A task was created.', T),
  entry('task.updated', 'TaskUpdated', 'A task was changed.', T),
  entry('task.completed', 'TaskStatusChanged', 'A task was completed.', T, (d) => d.to === 'completed'),
  entry('task.deleted', 'TaskDeleted', 'A task was deleted.', T),
];

export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** Every public event type an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = CATALOG.map((e) => e.type);

export interface WebhookEventTypeView {
  type: string;
  description: string;
  version: number;
  /** JSON Schema (draft 2020-12) of `data`. */
  schema: Record<string, unknown>;
}

let catalogView: WebhookEventTypeView[] | null = null;
/** The documented catalog (built once): every type with its description, version and payload JSON Schema. */
export function webhookEventCatalog(): WebhookEventTypeView[] {
  catalogView ??= [
    ...CATALOG.map((e) => ({ type: e.type, description: e.description, version: e.version, schema: z.toJSONSchema(e.schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown> })),
    { type: WEBHOOK_TEST_EVENT_TYPE, description: 'A test event sent with "Send test event" (always delivered to that endpoint).', version: 1, schema: z.toJSONSchema(webhookTestDataV1) as Record<string, unknown> },
  ];
  return catalogView;
}

const byInternal = new Map<string, CatalogEntry[]>();
for (const e of CATALOG) byInternal.set(e.from, [...(byInternal.get(e.from) ?? []), e]);

/** The public event an internal event becomes (null when it is not published). */
export function toPublicWebhookEvent(internalType: string, data: unknown): { type: string; data: unknown } | null {
  for (const e of byInternal.get(internalType) ?? []) {
    const parsed = e.schema.safeParse(data);
    if (!parsed.success) continue;
    if (e.when && !e.when(parsed.data as Record<string, unknown>)) continue;
    return { type: e.type, data: parsed.data };
  }
  return null;
}

/** Internal event types that can become a public one (the reactor looks at these only). */
export const WEBHOOK_SOURCE_EVENT_TYPES: ReadonlySet<string> = new Set(CATALOG.map((e) => e.from));
