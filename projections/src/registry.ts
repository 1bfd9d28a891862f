import { bookingsProjection } from './bookings/bookings.projection.ts';
import type { ProjectionDefinition } from './runner/projection.ts';

/** Every projection the platform runs (the projector role starts one runner per entry). */
export const projections: readonly ProjectionDefinition[] = [bookingsProjection];

export function findProjection(name: string): ProjectionDefinition | undefined {
  return projections.find((p) => p.name === name);
}
