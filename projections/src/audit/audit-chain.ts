/**
 * The audit log's hash chain (docs/AUDIT.md): each entry's hash is SHA-256 over the canonical JSON of its content
 * followed by the previous entry's hash (the first entry follows GENESIS_HASH), in global order. Changing,
 * removing or inserting an entry breaks the chain at that entry. Pure, so a rebuild gives the same hashes.
 */
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * What the hash covers: everything an entry says that comes from its event and the events before it. Device,
 * browser, OS and location are derived from the user agent and the IP (both covered) by a parser and a country
 * database that may be updated, so they are left out: an update of either must not break the chain.
 */
export interface ChainedContent {
  position: number;
  id: string;
  eventType: string;
  timestamp: string;
  userId: string | null;
  userName: string | null;
  userRole: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  sessionId: string | null;
  correlationId: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  outcome: string;
  riskLevel: string;
  changes: unknown;
  details: unknown;
}

/** JSON with object keys sorted at every depth (jsonb reorders keys: the hash must not depend on the order). */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

export function chainHash(content: ChainedContent, previousHash: string): string {
  return createHash('sha256').update(canonicalJson(content)).update(previousHash).digest('hex');
}
