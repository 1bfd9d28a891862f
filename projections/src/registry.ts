import { projections } from './domains.ts';
import type { ProjectionDefinition } from './runner/projection.ts';

export { projections };

export function findProjection(name: string): ProjectionDefinition | undefined {
  return projections.find((p) => p.name === name);
}
