import { defineServiceModule } from '../../app/service-module.ts';
import { webhooksRouter } from './procedures/_router.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';
import { type WebhooksService, createWebhooksService } from './webhooks.service.ts';

export interface WebhooksServices {
  /** Webhook endpoints, their catalog of event types, delivery log and health (deliveries run on the worker role). */
  webhooks: WebhooksService;
}

/** Webhooks (issue 15; docs/INTEGRATIONS.md, "Webhooks"). */
export const webhooksModule = defineServiceModule({
  name: 'webhooks',
  services: ({ pool, store, secrets }): WebhooksServices => ({ webhooks: createWebhooksService({ pool, store, secrets }) }),
  routers: { webhooks: webhooksRouter },
  routes: registerWebhookRoutes,
});
