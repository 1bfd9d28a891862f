/**
 * Reads of the audit log (through the `audit_log` and `audit_log_daily` VIEWs). Parameterised SQL only.
 * A page is one keyed read (newest first); its total and tiles come from the per-day counts for the whole days
 * of the window plus a count of the rows of its first, partial day, or from the rows themselves when the search
 * box is used. Exports and the chain walk read in keyed batches: memory stays flat at any size.
 */
import type { AuditDateRange, AuditLogEntry, AuditLogFilter, AuditLogListInput, AuditLogTiles, AuditVerifyResult } from '@crm/contracts';
import type { SqlQueryable } from '../runner/projection.ts';
import { containsPattern, escapeLike, sqlParams } from '../runner/read-model.ts';
import { type ChainedContent, GENESIS_HASH, chainHash } from './audit-chain.ts';

type SqlParams = ReturnType<typeof sqlParams>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Start of a window: rolling hours and days, `today` from 00:00 UTC; null for `all`. */
export function auditRangeStart(range: AuditDateRange, now: Date): Date | null {
  switch (range) {
    case '1h':
      return new Date(now.getTime() - HOUR);
    case '24h':
      return new Date(now.getTime() - DAY);
    case 'today':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    case '7d':
      return new Date(now.getTime() - 7 * DAY);
    case '30d':
      return new Date(now.getTime() - 30 * DAY);
    case '90d':
      return new Date(now.getTime() - 90 * DAY);
    case 'all':
      return null;
  }
}

const ENTRY_COLUMNS = `position, id, event_type, at, user_id, user_name, user_role, ip_address, user_agent, device, browser, os, location,
  session_id, correlation_id, entity, entity_id, action, outcome, risk, changes, details, hash`;

interface EntryRow {
  position: string | number;
  id: string;
  event_type: string;
  at: Date;
  user_id: string | null;
  user_name: string | null;
  user_role: string | null;
  ip_address: string | null;
  user_agent: string | null;
  device: string;
  browser: string;
  os: string;
  location: string;
  session_id: string | null;
  correlation_id: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  outcome: string;
  risk: string;
  changes: AuditLogEntry['changes'];
  details: Record<string, unknown>;
  hash: string;
}

export function toAuditEntry(row: EntryRow): AuditLogEntry {
  return {
    id: row.id,
    position: Number(row.position),
    timestamp: new Date(row.at).toISOString(),
    eventType: row.event_type,
    userId: row.user_id,
    userName: row.user_name,
    userRole: row.user_role,
    action: row.action as AuditLogEntry['action'],
    entity: row.entity as AuditLogEntry['entity'],
    entityId: row.entity_id,
    outcome: row.outcome as AuditLogEntry['outcome'],
    riskLevel: row.risk as AuditLogEntry['riskLevel'],
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    device: row.device,
    browser: row.browser,
    os: row.os,
    location: row.location,
    sessionId: row.session_id,
    correlationId: row.correlation_id,
    changes: row.changes,
    details: row.details,
    hash: row.hash,
  };
}

/** The conditions of the selects (not the window, not the search). */
function selectWhere(filter: AuditLogFilter, p: SqlParams): string[] {
  const where: string[] = [];
  if (filter.action !== 'all') where.push(`action = ${p.param(filter.action)}`);
  if (filter.entity !== 'all') where.push(`entity = ${p.param(filter.entity)}`);
  if (filter.risk !== 'all') where.push(`risk = ${p.param(filter.risk)}`);
  return where;
}

function rowWhere(filter: AuditLogFilter, now: Date, p: SqlParams): string[] {
  const where = selectWhere(filter, p);
  const search = filter.search.trim().toLowerCase();
  // User name, action, IP and event type anywhere (trigrams); the entity id by prefix (its own btree).
  if (search) where.push(`(search LIKE ${p.param(containsPattern(search))} OR lower(entity_id) LIKE ${p.param(`${escapeLike(search)}%`)})`);
  const from = auditRangeStart(filter.dateRange, now);
  if (from) where.push(`at >= ${p.param(from)}`);
  return where;
}

const and = (where: string[]) => (where.length ? where.join(' AND ') : 'true');

const TILE_SQL = `count(*)::bigint AS total,
  count(*) FILTER (WHERE action = 'CREATE')::bigint AS creates,
  count(*) FILTER (WHERE action IN ('UPDATE', 'BULK_UPDATE'))::bigint AS updates,
  count(*) FILTER (WHERE action = 'DELETE')::bigint AS deletes`;
const TILE_SUM_SQL = `coalesce(sum(n), 0)::bigint AS total,
  coalesce(sum(n) FILTER (WHERE action = 'CREATE'), 0)::bigint AS creates,
  coalesce(sum(n) FILTER (WHERE action IN ('UPDATE', 'BULK_UPDATE')), 0)::bigint AS updates,
  coalesce(sum(n) FILTER (WHERE action = 'DELETE'), 0)::bigint AS deletes`;

type TileRow = { total: string; creates: string; updates: string; deletes: string };
const tiles = (rows: TileRow[]): AuditLogTiles => {
  const sum = (k: keyof TileRow) => rows.reduce((acc, r) => acc + Number(r[k]), 0);
  return { total: sum('total'), creates: sum('creates'), updates: sum('updates'), deletes: sum('deletes') };
};

/**
 * A statement whose rows sum to the total and tiles of the filtered set (not for the search box): whole UTC days
 * from the per-day counts, the window's first, partial day from its rows.
 */
function tilesSql(filter: AuditLogFilter, now: Date, p: SqlParams): string {
  const from = auditRangeStart(filter.dateRange, now);
  const where = selectWhere(filter, p);
  if (!from) return `SELECT ${TILE_SUM_SQL} FROM audit_log_daily WHERE ${and(where)}`;
  const nextDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1));
  const fromParam = p.param(from);
  const nextParam = p.param(nextDay);
  const dayParam = p.param(nextDay.toISOString().slice(0, 10));
  return `SELECT ${TILE_SUM_SQL} FROM audit_log_daily WHERE ${and([...where, `day >= ${dayParam}::date`])}
     UNION ALL
     SELECT ${TILE_SQL} FROM audit_log WHERE ${and([...where, `at >= ${fromParam}`, `at < ${nextParam}`])}`;
}

export interface AuditLogPage {
  data: AuditLogEntry[];
  total: number;
  tiles: AuditLogTiles;
  page: number;
  limit: number;
}

/**
 * One page, newest first, with the total and tiles of the filtered set. Both come from one statement, so from one
 * snapshot: a total never counts an entry committed after the page was read.
 */
export async function listAuditLog(db: SqlQueryable, input: AuditLogListInput, now: Date): Promise<AuditLogPage> {
  const p = sqlParams();
  const where = rowWhere(input, now, p);
  const limit = p.param(input.limit);
  const offset = p.param((input.page - 1) * input.limit);
  // With the search box the matches are found once (the trigram index, narrowed by the other filters) and both
  // the counts and the page come from them; otherwise the counts come from the per-day counts.
  const counts = input.search.trim()
    ? `WITH m AS MATERIALIZED (SELECT position, action FROM audit_log WHERE ${and(where)}),
          c AS (SELECT ${TILE_SQL} FROM m),
          pg AS (SELECT position FROM m ORDER BY position DESC LIMIT ${limit} OFFSET ${offset})`
    : `WITH c AS (SELECT sum(total)::bigint AS total, sum(creates)::bigint AS creates, sum(updates)::bigint AS updates,
                         sum(deletes)::bigint AS deletes FROM (${tilesSql(input, now, p)}) AS t),
          pg AS (SELECT position FROM audit_log WHERE ${and(where)} ORDER BY position DESC LIMIT ${limit} OFFSET ${offset})`;
  const { rows } = await db.query(
    `${counts}
     SELECT c.total, c.creates, c.updates, c.deletes, e.*
       FROM c LEFT JOIN (SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE position IN (SELECT position FROM pg)) AS e ON true
      ORDER BY e.position DESC`,
    p.params,
  );
  const tileCounts = tiles(rows.slice(0, 1) as TileRow[]);
  const data = (rows as (EntryRow & TileRow)[]).filter((r) => r.position !== null).map(toAuditEntry);
  return { data, total: tileCounts.total, tiles: tileCounts, page: input.page, limit: input.limit };
}

export async function getAuditEntry(db: SqlQueryable, id: string): Promise<AuditLogEntry | null> {
  const { rows } = await db.query(`SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE id = $1 LIMIT 1`, [id.toLowerCase()]);
  const row = rows[0] as EntryRow | undefined;
  return row ? toAuditEntry(row) : null;
}

/** Entries after `position` in order (the live feed), at most `limit`. */
export async function auditEntriesAfter(db: SqlQueryable, position: number, limit: number, minRisk: readonly string[] | null = null): Promise<AuditLogEntry[]> {
  const { rows } = await db.query(
    `SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE position > $1 ${minRisk ? 'AND risk = ANY($3::text[])' : ''} ORDER BY position LIMIT $2`,
    minRisk ? [position, limit, minRisk] : [position, limit],
  );
  return (rows as EntryRow[]).map(toAuditEntry);
}

/** The newest entry's position (0 when empty). */
export async function auditHeadPosition(db: SqlQueryable): Promise<number> {
  const { rows } = await db.query(`SELECT coalesce(max(position), 0)::bigint AS p FROM audit_log`);
  return Number((rows[0] as { p: string }).p);
}

/** Every filtered entry, newest first, in keyed batches (flat memory at any size). */
export async function* streamAuditLog(db: SqlQueryable, filter: AuditLogFilter, now: Date, batchSize = 2000): AsyncGenerator<AuditLogEntry[]> {
  let before: number | null = null;
  for (;;) {
    const p = sqlParams();
    const where = rowWhere(filter, now, p);
    if (before !== null) where.push(`position < ${p.param(before)}`);
    const { rows } = await db.query(`SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE ${and(where)} ORDER BY position DESC LIMIT ${p.param(batchSize)}`, p.params);
    if (rows.length === 0) return;
    const entries = (rows as EntryRow[]).map(toAuditEntry);
    yield entries;
    if (rows.length < batchSize) return;
    before = entries[entries.length - 1]!.position;
  }
}

/** The content an entry's hash covers, as read back from its row. */
export function chainedContentOf(entry: AuditLogEntry): ChainedContent {
  return {
    position: entry.position,
    id: entry.id,
    eventType: entry.eventType,
    timestamp: entry.timestamp,
    userId: entry.userId,
    userName: entry.userName,
    userRole: entry.userRole,
    ipAddress: entry.ipAddress,
    userAgent: entry.userAgent,
    sessionId: entry.sessionId,
    correlationId: entry.correlationId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    outcome: entry.outcome,
    riskLevel: entry.riskLevel,
    changes: entry.changes,
    details: entry.details,
  };
}

/**
 * How many events the audit projection has applied (each makes one entry), counted in the PostgreSQL event store up
 * to its checkpoint; null when the events are elsewhere (EventStoreDB) or nothing was applied yet. Read before a
 * walk: entries appended meanwhile only make the walk find more.
 */
export async function auditEventsApplied(db: SqlQueryable): Promise<number | null> {
  const { rows } = await db.query(
    `SELECT s.checkpoint, to_regclass('es_events') IS NOT NULL AS local FROM projection_state s WHERE s.name = 'audit_log' AND s.checkpoint IS NOT NULL`,
  );
  const state = rows[0] as { checkpoint: string; local: boolean } | undefined;
  const m = state?.local ? /^(\d+):(\d+)$/.exec(state.checkpoint) : null;
  if (!m) return null;
  const counted = await db.query(`SELECT count(*)::bigint AS n FROM es_events WHERE (transaction_id, global_position) <= ($1::xid8, $2::bigint)`, [m[1], m[2]]);
  return Number((counted.rows[0] as { n: string }).n);
}

/**
 * Walks the chain in order, in batches, and reports the first entry whose stored hash is not the hash of its
 * content and its predecessor's stored hash (a changed, removed or inserted entry breaks the chain there). Entries
 * removed at the end leave a valid chain: `expectedEntries` (auditEventsApplied) and `expectHead` (a head recorded
 * earlier) catch them.
 */
export async function verifyAuditChain(
  db: SqlQueryable,
  options: { batchSize?: number; onProgress?: (checked: number) => void; expectedEntries?: number | null; expectHead?: { position: number; hash: string } } = {},
): Promise<AuditVerifyResult> {
  const batchSize = options.batchSize ?? 5000;
  const expectHead = options.expectHead;
  let previousHash = GENESIS_HASH;
  let after = 0;
  let checked = 0;
  let expectedPosition = 1;
  let headMismatch: AuditVerifyResult['headMismatch'];
  /** The last entry checked so far (positions run 1, 2, …: its position is the count). */
  const head = () => (checked === 0 ? null : { position: checked, hash: previousHash });
  for (;;) {
    const { rows } = await db.query(`SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE position > $1 ORDER BY position LIMIT $2`, [after, batchSize]);
    for (const row of rows as EntryRow[]) {
      const entry = toAuditEntry(row);
      const expectedHash = chainHash(chainedContentOf(entry), previousHash);
      if (expectedHash !== entry.hash || entry.position !== expectedPosition) {
        return { ok: false, checked, head: head(), firstBroken: { position: entry.position, entryId: entry.id, expectedHash, actualHash: entry.hash } };
      }
      if (expectHead && entry.position === expectHead.position && entry.hash !== expectHead.hash) {
        headMismatch = { position: entry.position, expectedHash: expectHead.hash, actualHash: entry.hash };
      }
      previousHash = entry.hash;
      checked += 1;
      expectedPosition += 1;
    }
    options.onProgress?.(checked);
    if (rows.length < batchSize) break;
    after = Number((rows[rows.length - 1] as EntryRow).position);
  }
  if (headMismatch) return { ok: false, checked, head: head(), headMismatch };
  const expected = Math.max(options.expectedEntries ?? 0, expectHead?.position ?? 0);
  if (checked < expected) return { ok: false, checked, head: head(), missing: { expected, found: checked } };
  return { ok: true, checked, head: head() };
}
