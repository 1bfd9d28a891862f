/** The dashboard domain's read side: its own projection (latest activity, funnel) and its queries over the CRM read models. */
export * from './dashboard.projection.ts';
export * from './dashboard.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { dashboardProjection } from './dashboard.projection.ts';

/** The projections the projector role runs for this domain. */
export const dashboardProjections: readonly ProjectionDefinition[] = [dashboardProjection];
