import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './webhook.catalog.ts';

const webhookEventType = z.string().refine((t) => WEBHOOK_EVENT_TYPES.includes(t), { message: 'Unknown event type' });

/** An absolute http(s) URL (the sender refuses non-public addresses at connect time). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((u) => {
    try {
      const p = new URL(u);
      return (p.protocol === 'https:' || p.protocol === 'http:') && !p.username && !p.password;
    } catch {
      return false;
    }
  }, { message: 'Enter an http(s) URL without credentials' });

export const createWebhookInput = z.object({
  name: z.string().trim().min(1).max(100),
  url: webhookUrlSchema,
  events: z.array(webhookEventType).min(1).max(100),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const webhookIdInput = z.object({ id: z.string().uuid() });

export const updateWebhookInput = z.object({
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(100).optional(),
  url: webhookUrlSchema.optional(),
  events: z.array(webhookEventType).min(1).max(100).optional(),
  active: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

export const webhookDeliveriesInput = z.object({
  id: z.string().uuid(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const retryWebhookDeliveryInput = z.object({ id: z.string().uuid(), deliveryId: z.string().min(1).max(200) });

export const replayWebhookInput = z
  .object({ id: z.string().uuid(), from: z.iso.datetime(), to: z.iso.datetime() })
  .refine((v) => v.from <= v.to, { message: 'from must not be after to', path: ['to'] });

/** Delivery job on WEBHOOKS_QUEUE: one per (endpoint, event); the job id is `wh:<webhookId>:<eventId>[:<retry>]`. */
export const WEBHOOKS_QUEUE = 'webhooks';
export const webhookDeliveryJobSchema = z.object({
  webhookId: z.string().uuid(),
  /** The webhook-id header: `msg_<event id>` (the same on every attempt and every manual retry). */
  messageId: z.string(),
  /** The internal event id (or the test request's event id). */
  eventId: z.string(),
  type: z.string(),
  /** The event's commit time (the body's timestamp). */
  timestamp: z.string(),
  data: z.unknown(),
  /** When the first attempt is due (latency measurement). */
  committedAt: z.string().optional(),
});
export type WebhookDeliveryJob = z.infer<typeof webhookDeliveryJobSchema>;

export interface WebhookView {
  id: string;
  name: string;
  url: string;
  events: string[];
  active: boolean;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  health: { successCount: number; failureCount: number; lastSuccessAt: string | null; lastFailureAt: string | null };
}

export interface WebhookDeliveryAttemptView {
  id: string;
  deliveryId: string;
  messageId: string;
  eventType: string;
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  durationMs: number;
  success: boolean;
  responseExcerpt: string | null;
  error: string | null;
}
