/** Security alerts' read model (Security Center): its projection and queries. */
export * from './security-alerts.projection.ts';
export * from './security-alerts.queries.ts';

import type { ProjectionDefinition } from '../../runner/projection.ts';
import { securityAlertsProjection } from './security-alerts.projection.ts';

export const securityAlertsProjections: readonly ProjectionDefinition[] = [securityAlertsProjection];
