/** The tasks domain's read models: their projections and queries (docs/ADDING-A-DOMAIN.md). */
export * from './tasks.projection.ts';
export * from './tasks.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { tasksProjection } from './tasks.projection.ts';

/** The projections the projector role runs for this domain. */
export const tasksProjections: readonly ProjectionDefinition[] = [tasksProjection];
