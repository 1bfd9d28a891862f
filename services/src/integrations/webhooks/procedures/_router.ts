import { createWebhookInput, replayWebhookInput, retryWebhookDeliveryInput, updateWebhookInput, webhookDeliveriesInput, webhookIdInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import {
  createWebhookHandler,
  deleteWebhookHandler,
  listWebhooksHandler,
  replayWebhookHandler,
  retryWebhookDeliveryHandler,
  rotateWebhookSecretHandler,
  testWebhookHandler,
  updateWebhookHandler,
  webhookDeliveriesHandler,
  webhookEventTypesHandler,
} from './webhooks.handlers.ts';

/** `webhooks.*`: the Integrations area's Webhooks tab. */
export const webhooksRouter = router({
  eventTypes: procedure('integrations:manage').query(webhookEventTypesHandler),
  list: procedure('integrations:manage').query(listWebhooksHandler),
  create: procedure('integrations:manage').input(createWebhookInput).mutation(createWebhookHandler),
  update: procedure('integrations:manage').input(updateWebhookInput).mutation(updateWebhookHandler),
  rotateSecret: procedure('integrations:manage').input(webhookIdInput).mutation(rotateWebhookSecretHandler),
  delete: procedure('integrations:manage').input(webhookIdInput).mutation(deleteWebhookHandler),
  deliveries: procedure('integrations:manage').input(webhookDeliveriesInput).query(webhookDeliveriesHandler),
  test: procedure('integrations:manage').input(webhookIdInput).mutation(testWebhookHandler),
  retry: procedure('integrations:manage').input(retryWebhookDeliveryInput).mutation(retryWebhookDeliveryHandler),
  replay: procedure('integrations:manage').input(replayWebhookInput).mutation(replayWebhookHandler),
});
