/** The Security & Audit Center's read models and queries (docs/ADDING-A-DOMAIN.md). */
export * from './compliance-assessments.projection.ts';
export * from './security-center.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { complianceAssessmentsProjection } from './compliance-assessments.projection.ts';

/** The projections the projector role runs for this domain. */
export const securityCenterProjections: readonly ProjectionDefinition[] = [complianceAssessmentsProjection];
