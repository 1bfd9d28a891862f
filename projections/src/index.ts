export * from './runner/projection.ts';
export * from './runner/read-model-table.ts';
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
export * from './identity/users.projection.ts';
export * from './identity/users.queries.ts';
export * from './security/login-history.projection.ts';
export * from './security/login-history.queries.ts';
export * from './security/blocked-ips.projection.ts';
export * from './security/blocked-ips.queries.ts';
export * from './security/ip-location.ts';
export * from './tasks/tasks.projection.ts';
export * from './tasks/tasks.queries.ts';
export * from './customers/customers.projection.ts';
export * from './customers/customers.queries.ts';
export * from './deals/deals.projection.ts';
export * from './deals/deals.queries.ts';
export * from './registry.ts';
export * from './rebuild-cli.ts';
export * from './search/search.queries.ts';
