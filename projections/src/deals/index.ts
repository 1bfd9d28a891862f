/** The deals domain's read models: their projections and queries (docs/ADDING-A-DOMAIN.md). */
export * from './deals.projection.ts';
export * from './deals.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { dealsProjection } from './deals.projection.ts';

/** The projections the projector role runs for this domain. */
export const dealsProjections: readonly ProjectionDefinition[] = [dealsProjection];
