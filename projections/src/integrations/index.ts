/** The integrations domain's read models and queries (issue 15): each part adds its barrel and its projections. */
import type { ProjectionDefinition } from '../runner/projection.ts';
import { webhookProjections } from './webhooks/index.ts';
import { apiKeysProjection } from './api-keys/api-keys.projection.ts';

export * from './webhooks/index.ts';
export * from './api-keys/index.ts';

export const integrationsProjections: readonly ProjectionDefinition[] = [...webhookProjections, apiKeysProjection];
