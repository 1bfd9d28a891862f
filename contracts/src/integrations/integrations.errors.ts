import { defineDomainErrors } from '../platform/domain-error.ts';
import { API_KEY_ERROR_SPECS } from './api-key.errors.ts';
import { WEBHOOK_ERROR_SPECS } from './webhook.errors.ts';

/** Refusals of the Integrations area (marketplace, API keys, webhooks, API logs). Each helper adds its own codes. */
export const INTEGRATIONS_ERRORS = defineDomainErrors({
  ...WEBHOOK_ERROR_SPECS,
  ...API_KEY_ERROR_SPECS,
  integration_not_found: { kind: 'not_found', message: 'Integration not found' },
  integration_not_installed: { kind: 'conflict', message: 'This integration is not installed' },
  integration_already_installed: { kind: 'conflict', message: 'This integration is already installed' },
  integration_not_configured: { kind: 'conflict', message: 'Configure this integration before enabling it' },
  integration_secret_required: { kind: 'unprocessable', message: 'This integration needs its URL' },
});
