import type { z } from 'zod';
import type {
  createWebhookInput,
  replayWebhookInput,
  retryWebhookDeliveryInput,
  updateWebhookInput,
  webhookDeliveriesInput,
  webhookIdInput,
} from '@crm/contracts';
import { type RequestContext, commandContext } from '../../../platform/request-context.ts';

type Args<S extends z.ZodType> = { ctx: RequestContext; input: z.output<S> };

export const webhookEventTypesHandler = ({ ctx }: { ctx: RequestContext }) => ({ eventTypes: ctx.services.webhooks.eventTypes() });
export const listWebhooksHandler = async ({ ctx }: { ctx: RequestContext }) => ({ webhooks: await ctx.services.webhooks.list() });
export const createWebhookHandler = async ({ ctx, input }: Args<typeof createWebhookInput>) => ({ webhook: await ctx.services.webhooks.create(input, commandContext(ctx)) });
export const updateWebhookHandler = async ({ ctx, input }: Args<typeof updateWebhookInput>) => ({ webhook: await ctx.services.webhooks.update(input, commandContext(ctx)) });
export const rotateWebhookSecretHandler = async ({ ctx, input }: Args<typeof webhookIdInput>) => ctx.services.webhooks.rotateSecret(input.id, commandContext(ctx));
export const deleteWebhookHandler = async ({ ctx, input }: Args<typeof webhookIdInput>) => {
  await ctx.services.webhooks.remove(input.id, commandContext(ctx));
  return { success: true as const };
};
export const webhookDeliveriesHandler = async ({ ctx, input }: Args<typeof webhookDeliveriesInput>) => ({
  deliveries: await ctx.services.webhooks.deliveries(input.id, input.limit),
});
export const testWebhookHandler = async ({ ctx, input }: Args<typeof webhookIdInput>) => ctx.services.webhooks.sendTest(input.id, commandContext(ctx));
export const retryWebhookDeliveryHandler = async ({ ctx, input }: Args<typeof retryWebhookDeliveryInput>) => {
  await ctx.services.webhooks.retry(input.id, input.deliveryId, commandContext(ctx));
  return { success: true as const };
};
export const replayWebhookHandler = async ({ ctx, input }: Args<typeof replayWebhookInput>) => {
  await ctx.services.webhooks.replay(input.id, { from: input.from, to: input.to }, commandContext(ctx));
  return { success: true as const };
};
