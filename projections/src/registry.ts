import { bookingsProjection } from './bookings/bookings.projection.ts';
import { dealsProjection } from './deals/deals.projection.ts';
import { customersProjection } from './customers/customers.projection.ts';
import { tasksProjection } from './tasks/tasks.projection.ts';
import type { ProjectionDefinition } from './runner/projection.ts';
import { blockedIpsProjection } from './security/blocked-ips.projection.ts';
import { loginHistoryProjection } from './security/login-history.projection.ts';
import { usersProjection } from './identity/users.projection.ts';

/** Every projection the platform runs (the projector role starts one runner per entry). */
export const projections: readonly ProjectionDefinition[] = [bookingsProjection, usersProjection, loginHistoryProjection, blockedIpsProjection, tasksProjection, customersProjection, dealsProjection];

export function findProjection(name: string): ProjectionDefinition | undefined {
  return projections.find((p) => p.name === name);
}
