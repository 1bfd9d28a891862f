/** Refusals of webhook endpoints; spread into INTEGRATIONS_ERRORS (integrations.errors.ts). */
export const WEBHOOK_ERROR_SPECS = {
  webhook_not_found: { kind: 'not_found', message: 'Webhook not found' },
  webhook_deleted: { kind: 'conflict', message: 'This webhook was deleted' },
  webhook_delivery_not_found: { kind: 'not_found', message: 'Delivery not found' },
  webhook_actor_required: { kind: 'forbidden', message: 'Only a signed-in admin can change webhooks' },
} as const;
