import { defineDomainContract } from '../platform/domain-contract.ts';
import { apiKeyEventSchemas } from './api-key.events.ts';
import { integrationEventSchemas } from './integration.events.ts';
import { INTEGRATIONS_ERRORS } from './integrations.errors.ts';
import { webhookEventSchemas } from './webhook.events.ts';

/**
 * The Integrations area (issue 15): the marketplace, API keys, webhooks and API logs. Each part adds its event
 * group to `events`.
 */
export const integrationsContract = defineDomainContract({
  name: 'integrations',
  events: [integrationEventSchemas, webhookEventSchemas, apiKeyEventSchemas],
  errors: INTEGRATIONS_ERRORS,
  adminPaths: ['/admin/integrations'],
});
