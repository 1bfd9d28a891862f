/** The search domain's read side: one query over other domains' read models, no projection of its own. */
import type { ProjectionDefinition } from '../runner/projection.ts';

export * from './search.queries.ts';

export const searchProjections: readonly ProjectionDefinition[] = [];
