import type { z } from 'zod';
import type { AuditDeclaration } from './audit.ts';
import type { ErrorDef } from './domain-error.ts';

/**
 * One event type's current schema version, zod schema and how it is audited (required: build it with
 * `auditedEvent(version, schema, { entity, entityId, action, risk })` from ./audit.ts; docs/AUDIT.md).
 */
export interface EventSchemaEntry {
  version: number;
  schema: z.ZodType;
  audit: AuditDeclaration<unknown>;
}

/**
 * A domain's contracts in one value (docs/ADDING-A-DOMAIN.md), listed in contracts/src/domains.ts: the event
 * registry, the error-code registry and the admin URLs the server answers with the app are derived from the list.
 */
export interface DomainContract {
  /** The domain's name, the same in every package (`contracts/src/<name>`, `services/src/<name>`, …). */
  name: string;
  /** The event types it writes, in groups as its files export them (`{ CustomerCreated: { version, schema } }`). */
  events?: readonly Readonly<Record<string, EventSchemaEntry>>[];
  /** Its refusal codes (`defineDomainErrors`); a code belongs to exactly one domain. */
  errors?: Readonly<Record<string, ErrorDef>>;
  /** Its admin areas' URLs: the server answers them and their sub-paths with the app (200). */
  adminPaths?: readonly `/admin/${string}`[];
}

/** Keeps a domain contract's literal types (its name and error codes reach the typed registries). */
export const defineDomainContract = <const C extends DomainContract>(contract: C): C => contract;

/** Every event type of the domains, refusing one that two groups define (a domain cannot take over another's event). */
export function eventRegistry(contracts: readonly DomainContract[]): Record<string, EventSchemaEntry> {
  const registry: Record<string, EventSchemaEntry> = {};
  const owner = new Map<string, string>();
  for (const contract of contracts) {
    for (const group of contract.events ?? []) {
      for (const [type, entry] of Object.entries(group)) {
        if (owner.has(type)) throw new Error(`event type ${type} is defined twice (domains ${owner.get(type)} and ${contract.name})`);
        owner.set(type, contract.name);
        registry[type] = entry;
      }
    }
  }
  return registry;
}
