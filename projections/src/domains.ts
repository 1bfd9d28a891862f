/**
 * Every domain's read models: each domain's barrel (projections and queries) and the one list of projections the
 * projector role runs (a runner per entry), rebuilds and reports on. Adding a domain is two lines here
 * (docs/ADDING-A-DOMAIN.md).
 */
export * from './bookings/index.ts';
export * from './identity/index.ts';
export * from './security/index.ts';
export * from './security/alerts/index.ts';
export * from './tasks/index.ts';
export * from './customers/index.ts';
export * from './deals/index.ts';
export * from './search/index.ts';
export * from './dashboard/index.ts';
export * from './security-center/index.ts';
export * from './audit/index.ts';
export * from './integrations/index.ts';
export * from './marketing/index.ts';

import type { ProjectionDefinition } from './runner/projection.ts';
import { bookingsProjections } from './bookings/index.ts';
import { identityProjections } from './identity/index.ts';
import { securityProjections } from './security/index.ts';
import { securityAlertsProjections } from './security/alerts/index.ts';
import { tasksProjections } from './tasks/index.ts';
import { customersProjections } from './customers/index.ts';
import { dealsProjections } from './deals/index.ts';
import { searchProjections } from './search/index.ts';
import { dashboardProjections } from './dashboard/index.ts';
import { securityCenterProjections } from './security-center/index.ts';
import { auditProjections } from './audit/index.ts';
import { integrationsProjections } from './integrations/index.ts';
import { marketingProjections } from './marketing/index.ts';

/** Every projection the platform runs; a name used twice is an error. */
export const projections: readonly ProjectionDefinition[] = uniqueNames([...bookingsProjections, ...identityProjections, ...securityProjections, ...securityAlertsProjections, ...tasksProjections, ...customersProjections, ...dealsProjections, ...searchProjections, ...dashboardProjections, ...securityCenterProjections, ...auditProjections, ...integrationsProjections, ...marketingProjections]);

function uniqueNames(list: readonly ProjectionDefinition[]): readonly ProjectionDefinition[] {
  const seen = new Set<string>();
  for (const p of list) {
    if (seen.has(p.name)) throw new Error(`projection ${p.name} is defined twice`);
    seen.add(p.name);
  }
  return list;
}
