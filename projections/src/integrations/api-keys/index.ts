export * from './api-keys.projection.ts';
export * from './api-keys.queries.ts';
