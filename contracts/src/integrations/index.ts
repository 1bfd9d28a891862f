/** The integrations domain's contracts (issue 15): marketplace, API keys, webhooks, API logs. */
export * from './integration.catalog.ts';
export * from './integration.events.ts';
export * from './integration.input.ts';
export * from './integrations.errors.ts';
export * from './integrations.contract.ts';
export * from './api-log.input.ts';
export * from './webhook.events.ts';
export * from './webhook.catalog.ts';
export * from './webhook.input.ts';
export * from './api-key.scopes.ts';
export * from './api-key.events.ts';
export * from './api-key.input.ts';
export * from './api-key.errors.ts';
