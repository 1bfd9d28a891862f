export * from './runner/projection.ts';
export {
  REGISTRY_SQL,
  type ProjectionStateRow,
  EventOrderError,
  LOCK_NS,
  assertInOrder,
  ensureRegistry,
  readState,
  withTransaction,
} from './runner/projection-state.ts';
export * from './runner/projection-runner.ts';
export * from './runner/rebuild.ts';
export * from './bookings/bookings.projection.ts';
export * from './bookings/bookings.queries.ts';
export * from './users/users.projection.ts';
export * from './users/users.queries.ts';
export * from './security/login-history.projection.ts';
export * from './security/login-history.queries.ts';
export * from './security/blocked-ips.projection.ts';
export * from './security/blocked-ips.queries.ts';
export * from './security/ip-location.ts';
export * from './crm/tasks.projection.ts';
export * from './crm/tasks.queries.ts';
export * from './crm/customers.projection.ts';
export * from './crm/customers.queries.ts';
export * from './crm/deals.projection.ts';
export * from './crm/deals.queries.ts';
export * from './registry.ts';
export * from './rebuild-cli.ts';
