/** The audit domain's read model and queries (docs/AUDIT.md). */
import type { ProjectionDefinition } from '../runner/projection.ts';
import { auditLogProjection } from './audit-log.projection.ts';

export * from './audit-chain.ts';
export * from './audit-log.projection.ts';
export * from './audit-log.queries.ts';

export const auditProjections: readonly ProjectionDefinition[] = [auditLogProjection];
