/** The security domain's read models: their projections and queries (docs/ADDING-A-DOMAIN.md). */
export * from './blocked-ips.projection.ts';
export * from './blocked-ips.queries.ts';
export * from './ip-location.ts';
export * from './login-history.projection.ts';
export * from './login-history.queries.ts';

import type { ProjectionDefinition } from '../runner/projection.ts';
import { loginHistoryProjection } from './login-history.projection.ts';
import { blockedIpsProjection } from './blocked-ips.projection.ts';

/** The projections the projector role runs for this domain. */
export const securityProjections: readonly ProjectionDefinition[] = [loginHistoryProjection, blockedIpsProjection];
