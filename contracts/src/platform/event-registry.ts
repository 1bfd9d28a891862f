import { domainContracts } from '../domains.ts';
import { eventRegistry, type EventSchemaEntry } from './domain-contract.ts';

/** Every event type the platform writes, with its current schema version and zod schema (from each domain's contract). */
export const eventSchemas: Record<string, EventSchemaEntry> = eventRegistry(domainContracts);

/** Validates a domain event's data against its contract before it is written. */
export function validateEventData(type: string, data: unknown): { schemaVersion: number; data: unknown } {
  const entry = eventSchemas[type];
  if (!entry) throw new Error(`Unknown event type: ${type}`);
  return { schemaVersion: entry.version, data: entry.schema.parse(data) };
}
