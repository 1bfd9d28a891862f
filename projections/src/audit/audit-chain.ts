/**
 * The audit log's hash chain (docs/AUDIT.md): each entry's hash is SHA-256 over the canonical JSON of its content
 * followed by the previous entry's hash (the first entry follows GENESIS_HASH), in global order. Changing,
 * removing or inserting an entry breaks the chain at that entry. Pure, so a rebuild gives the same hashes.
 */
import { hash } from 'node:crypto';

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

/** An object's keys sorted, each with its JSON text and colon (`"name":`). */
interface SortedShape {
  keys: string[];
  prefixes: string[];
}

/**
 * Sorted keys by the list of keys in their own order: the entries of one event type share a few shapes, so
 * sorting and quoting the keys once per shape instead of once per object halves canonicalJson's time
 * (bounded: cleared past SHAPES_MAX shapes).
 */
const shapes = new Map<string, SortedShape>();
const SHAPES_MAX = 10_000;

/** The last shapes used, with their keys in their own order: compared key by key before joining them for the map. */
const recent: { own: string[]; shape: SortedShape }[] = [];
const RECENT_MAX = 8;
let nextRecent = 0;

function sortedShape(keys: string[]): SortedShape {
  for (const { own, shape } of recent) {
    if (own.length !== keys.length) continue;
    let same = true;
    for (let i = 0; i < own.length; i++) {
      if (own[i] !== keys[i]) {
        same = false;
        break;
      }
    }
    if (same) return shape;
  }
  // Unambiguous with the count ([] and [''] join alike): a key never holds U+0000 (jsonb refuses it, and every
  // event passed through jsonb).
  const id = `${keys.length}\u0000${keys.join('\u0000')}`;
  let shape = shapes.get(id);
  if (shape === undefined) {
    // The default sort compares UTF-16 code units, as `<` does.
    const sorted = [...keys].sort();
    shape = { keys: sorted, prefixes: sorted.map((key) => `${JSON.stringify(key)}:`) };
    if (shapes.size >= SHAPES_MAX) shapes.clear();
    shapes.set(id, shape);
  }
  recent[nextRecent] = { own: keys, shape };
  nextRecent = (nextRecent + 1) % RECENT_MAX;
  return shape;
}

/** JSON with object keys sorted at every depth (jsonb reorders keys: the hash must not depend on the order). */
export function canonicalJson(value: unknown): string {
  // Loops and one string instead of entries/filter/sort/map closures: it runs over every entry's content, twice
  // per changed field, and was a third of a rebuild's JavaScript time. Same output as JSON.stringify of the
  // sorted value (undefined in an array is null, an undefined property is left out, a non-finite number is null).
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'null';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
        return `${out}]`;
      }
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      const record = value as Record<string, unknown>;
      const { keys, prefixes } = sortedShape(Object.keys(record));
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const v = record[keys[i]!];
        if (v === undefined) continue;
        out += (out.length === 1 ? '' : ',') + prefixes[i]! + canonicalJson(v);
      }
      return `${out}}`;
    }
    default:
      return JSON.stringify(value);
  }
}

/** canonicalJson(value) === 'null', without serialising. */
const isNullJson = (value: unknown) => value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));

/**
 * Whether two values have the same canonical JSON; two different strings or booleans, or a null and anything
 * else (every field of a CREATE against no previous state), need no serialising.
 */
export function sameCanonicalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined) return isNullJson(b);
  if (b === null || b === undefined) return isNullJson(a);
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'string' || ta === 'boolean') && (tb === 'string' || tb === 'boolean')) return false;
  return canonicalJson(a) === canonicalJson(b);
}

export function chainHash(content: ChainedContent, previousHash: string): string {
  return chainHashOfJson(canonicalJson(content), previousHash);
}

/**
 * The hash of an entry whose canonical JSON is made already (`chainedContentJson`): the same digest as
 * `createHash('sha256').update(contentJson).update(previousHash)`, in one call (no Hash object per entry: about
 * 1 µs less per entry, a rebuild hashes every entry of the store).
 */
export function chainHashOfJson(contentJson: string, previousHash: string): string {
  return hash('sha256', contentJson + previousHash, 'hex');
}

/** ChainedContent's keys in canonical order, each with its JSON text and colon. */
const CONTENT_KEYS = (
  [
    'position',
    'id',
    'eventType',
    'timestamp',
    'userId',
    'userName',
    'userRole',
    'ipAddress',
    'userAgent',
    'sessionId',
    'correlationId',
    'entity',
    'entityId',
    'action',
    'outcome',
    'riskLevel',
    'changes',
    'details',
  ] satisfies (keyof ChainedContent)[]
)
  .sort()
  .map((key) => ({ key, prefix: `${JSON.stringify(key)}:` }));

/**
 * canonicalJson(content), given the canonical JSON of its changes and details: a projection that stores those
 * texts (the audit log's json columns) serialises them once for both the row and the hash.
 */
export function chainedContentJson(content: ChainedContent, changesJson: string, detailsJson: string): string {
  let out = '{';
  for (const { key, prefix } of CONTENT_KEYS) {
    const text = key === 'changes' ? changesJson : key === 'details' ? detailsJson : content[key] === undefined ? null : canonicalJson(content[key]);
    if (text !== null) out += (out.length === 1 ? '' : ',') + prefix + text;
  }
  return `${out}}`;
}
