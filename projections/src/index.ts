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
export * from './registry.ts';
export * from './rebuild-cli.ts';
