/** The bookings domain's read models: their projections and queries (docs/ADDING-A-DOMAIN.md). */
export * from './bookings.projection.ts';
export * from './bookings.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { bookingsProjection } from './bookings.projection.ts';

/** The projections the projector role runs for this domain. */
export const bookingsProjections: readonly ProjectionDefinition[] = [bookingsProjection];
