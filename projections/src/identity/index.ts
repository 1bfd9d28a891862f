/** The identity domain's read models: their projections and queries (docs/ADDING-A-DOMAIN.md). */
export * from './users.projection.ts';
export * from './users.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { usersProjection } from './users.projection.ts';

/** The projections the projector role runs for this domain. */
export const identityProjections: readonly ProjectionDefinition[] = [usersProjection];
