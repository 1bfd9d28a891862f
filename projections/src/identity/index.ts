/** The identity domain's read models: their projections and queries (docs/ADDING-A-DOMAIN.md). */
export * from './users.projection.ts';
export * from './users.queries.ts';
export * from './user-mfa.projection.ts';
export * from './user-mfa.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { userMfaProjection } from './user-mfa.projection.ts';
import { usersProjection } from './users.projection.ts';

/** The projections the projector role runs for this domain. */
export const identityProjections: readonly ProjectionDefinition[] = [usersProjection, userMfaProjection];
