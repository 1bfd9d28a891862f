export * from './webhook-endpoints.projection.ts';
export * from './webhook-tables.ts';
import type { ProjectionDefinition } from '../../runner/projection.ts';
import { webhookEndpointsProjection } from './webhook-endpoints.projection.ts';

export const webhookProjections: readonly ProjectionDefinition[] = [webhookEndpointsProjection];
