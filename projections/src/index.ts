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
export * from './runner/lock-session.ts';
export * from './runner/abortable-sleep.ts';
export * from './runner/rebuild.ts';
export * from './runner/read-model.ts';
// Every domain's projections and queries (projections/src/domains.ts), the list the projector runs, and the rebuild CLI.
export * from './domains.ts';
export * from './registry.ts';
export * from './rebuild-cli.ts';
export * from './secrets/secret-box.ts';
