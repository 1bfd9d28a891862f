/** The customers domain's read models: their projections and queries (docs/ADDING-A-DOMAIN.md). */
export * from './customers.projection.ts';
export * from './customers.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { customersProjection } from './customers.projection.ts';

/** The projections the projector role runs for this domain. */
export const customersProjections: readonly ProjectionDefinition[] = [customersProjection];
