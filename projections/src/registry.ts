import { bookingsProjection } from './bookings/bookings.projection.ts';
import { dealsProjection } from './crm/deals.projection.ts';
import { customersProjection } from './crm/customers.projection.ts';
import { tasksProjection } from './crm/tasks.projection.ts';
import type { ProjectionDefinition } from './runner/projection.ts';
import { blockedIpsProjection } from './security/blocked-ips.projection.ts';
import { loginHistoryProjection } from './security/login-history.projection.ts';
import { usersProjection } from './users/users.projection.ts';

/** Every projection the platform runs (the projector role starts one runner per entry). */
export const projections: readonly ProjectionDefinition[] = [bookingsProjection, usersProjection, loginHistoryProjection, blockedIpsProjection, tasksProjection, customersProjection, dealsProjection];

export function findProjection(name: string): ProjectionDefinition | undefined {
  return projections.find((p) => p.name === name);
}
