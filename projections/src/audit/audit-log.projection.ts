/**
 * The audit log (docs/AUDIT.md): one entry per event of the whole store, in global order, built with each event
 * type's audit declaration (contracts/src/platform/audit.ts). An entry names the actor as they were when they
 * acted (name and type from `audit_actors`, fed by the user events), where from (IP, user agent, device, location,
 * session), what (entity, id, action, outcome, risk), the per-field changes against the entity's previous audited
 * state (`audit_entity_state`), the event's data without secrets, and its place in the SHA-256 hash chain.
 * `audit_log_daily` counts entries per UTC day, action, entity and risk for the viewer's tiles.
 * Everything comes from events: a rebuild gives the same rows and the same hashes.
 */
import {
  type AuditDeclaration,
  type AuditState,
  type RecordedEvent,
  type ResolvedAudit,
  eventSchemas,
  redactSecrets,
  resolveAudit,
} from '@crm/contracts';
import { type PhysicalTables, type SqlQueryable, defineProjection, quoteIdent } from '../runner/projection.ts';
import {
  type BulkQueryable,
  PROJECTED_AT,
  copyEscape,
  type RowOf,
  createReadModelIndexes,
  createReadModelTables,
  isBulkQueryable,
  readModelTable,
} from '../runner/read-model-table.ts';
import { locationOf } from '../security/ip-location.ts';
import { type ChainedContent, GENESIS_HASH, canonicalJson, chainHashOfJson, chainedContentJson, sameCanonicalJson } from './audit-chain.ts';
import { describeClient } from './user-agent.ts';

export const auditLogTable = readModelTable({
  name: 'audit_log',
  columns: {
    position: { type: 'bigint', primaryKey: true, comment: 'place in the global order, 1, 2, …: the hash chain order' },
    id: { type: 'text', comment: 'the event id' },
    event_type: { type: 'text' },
    at: { type: 'timestamptz' },
    user_id: { type: 'text', nullable: true },
    user_name: { type: 'text', nullable: true },
    user_role: { type: 'text', nullable: true },
    ip_address: { type: 'text', nullable: true },
    user_agent: { type: 'text', nullable: true },
    device: { type: 'text' },
    browser: { type: 'text' },
    os: { type: 'text' },
    location: { type: 'text' },
    session_id: { type: 'text', nullable: true },
    correlation_id: { type: 'text', nullable: true },
    entity: { type: 'text' },
    entity_id: { type: 'text', nullable: true },
    action: { type: 'text' },
    outcome: { type: 'text' },
    risk: { type: 'text' },
    // json in the table (see JSON_COLUMNS): the canonical JSON the hash covers, stored as it was hashed.
    changes: { type: 'jsonb' },
    details: { type: 'jsonb' },
    hash: { type: 'text' },
    search: { type: 'text', comment: 'user name, action, IP and event type, lower-cased (entity ids are matched by prefix)' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'id', on: '(id)' },
    // Pages walk the primary key backwards; the window's first, partial day is counted through these.
    { name: 'at', on: '(at)' },
    { name: 'action_at', on: '(action, at)' },
    { name: 'entity_at', on: '(entity, at)' },
    { name: 'risk_at', on: '(risk, at)' },
    { search: 'search', trigramOnly: true },
    // Entity ids are searched by prefix (a pasted id, or its first characters): a btree, not ~36 trigrams per
    // entry in the GIN index, which was the largest PostgreSQL cost of a live booking (its pending-list merges).
    { name: 'entity_id_prefix', on: '(lower(entity_id) text_pattern_ops)' },
  ],
});
export type AuditLogRow = RowOf<typeof auditLogTable>;

/** Each account's name and type as of the last user event applied: who an actor was when they acted. */
export const auditActorsTable = readModelTable({
  name: 'audit_actors',
  columns: { user_id: { type: 'text', primaryKey: true }, name: { type: 'text' }, role: { type: 'text' } },
});

/** Each audited entity's fields as its events set them (redacted): the base of the next event's changes. */
export const auditEntityStateTable = readModelTable({
  name: 'audit_entity_state',
  // state: json in the table (see JSON_COLUMNS).
  columns: { entity: { type: 'text' }, entity_id: { type: 'text' }, state: { type: 'jsonb' } },
  primaryKey: ['entity', 'entity_id'],
});

/** Entries per UTC day, action, entity and risk (the tiles and totals of long windows without scanning). */
export const auditLogDailyTable = readModelTable({
  name: 'audit_log_daily',
  columns: { day: { type: 'date' }, action: { type: 'text' }, entity: { type: 'text' }, risk: { type: 'text' }, n: { type: 'bigint' } },
  primaryKey: ['day', 'action', 'entity', 'risk'],
});

/**
 * The text the search box matches anywhere (the same lower-casing on the query side); the entity id is matched by
 * prefix on its own column (audit-log.queries.ts).
 */
export function auditSearchText(row: { userName: string | null; action: string; ip: string | null; eventType: string }): string {
  return [row.userName ?? '', row.action, row.ip ?? '', row.eventType].join(' ').toLowerCase();
}

/**
 * Columns declared jsonb (what read-model-table.ts knows) and made json by `setup`, while their tables are empty:
 * nothing queries inside them (pages and exports read them whole), and json is their text checked once, where
 * jsonb is parsed, converted and stored as a tree: jsonb cost a rebuild 20–30 % more PostgreSQL CPU per entry. A
 * rebuild COPYs the canonical JSON made for the hash as it is; the live path's jsonb_to_recordset values go in by
 * the assignment cast jsonb → json. SQL that needs jsonb operators casts (`details::jsonb ? 'x'`).
 */
const JSON_COLUMNS: [table: string, columns: string[]][] = [
  ['audit_log', ['changes', 'details']],
  ['audit_entity_state', ['state']],
];

const MAX_USER_AGENT = 1000;
const UNKNOWN: ResolvedAudit = { entity: 'settings', entityId: null, action: 'UPDATE', outcome: 'warning', risk: 'medium', actor: null };

interface Actor {
  name: string;
  role: string;
}

/** The event's data as its contract reads it (the raw data when the type or version is unknown or it fails to parse). */
function readEvent(event: RecordedEvent): { audit: AuditDeclaration<unknown> | null; data: unknown; resolved: ResolvedAudit; entity: string } {
  const entry = eventSchemas[event.type];
  if (!entry) return { audit: null, data: event.data, resolved: UNKNOWN, entity: 'unknown' };
  let data = event.data;
  if (event.schemaVersion === entry.version) {
    const parsed = entry.schema.safeParse(event.data);
    if (parsed.success) data = parsed.data;
  }
  try {
    const resolved = resolveAudit(entry.audit, data);
    return { audit: entry.audit, data, resolved, entity: resolved.entity };
  } catch {
    return { audit: entry.audit, data, resolved: UNKNOWN, entity: 'unknown' };
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };

/** What a user event says about its account as an actor (name, type), merged into what was known. */
function actorUpdate(type: string, data: Record<string, unknown>, known: Actor | undefined): Actor | null {
  const name = str(data.name);
  switch (type) {
    case 'UserCreated':
      return { name: name ?? known?.name ?? '', role: str(data.userType) ?? known?.role ?? 'user' };
    case 'UserRegistered':
      return { name: name ?? known?.name ?? '', role: 'user' };
    case 'UserTypeChanged':
      return { name: known?.name ?? '', role: str(data.to) ?? known?.role ?? 'user' };
    case 'UserProfileUpdated':
    case 'InvitationAccepted':
      return name ? { name, role: known?.role ?? (str(data.userType) ?? 'user') } : null;
    default:
      return null;
  }
}

const stateKey = (entity: string, entityId: string) => `${entity}\u0000${entityId}`;

/** Past this many entities a rebuild stops remembering their keys (about 100 bytes each) and reads them back instead. */
const MAX_REMEMBERED_KEYS = 2_000_000;
const WRITTEN_STATES = 'audit_log:written_states';

/**
 * In a rebuild, the keys of the entity states it has written (its new generation starts empty and nothing else
 * writes it): any other key has no state yet, so it is neither read back nor upserted, but COPYed in. Null on the
 * live path, or once too many to remember.
 */
function writtenStates(client: SqlQueryable): Set<string> | null {
  if (!isBulkQueryable(client)) return null;
  let keys = client.memo.get(WRITTEN_STATES) as Set<string> | null | undefined;
  if (keys === undefined) {
    keys = new Set();
    client.memo.set(WRITTEN_STATES, keys);
  }
  return keys;
}

export const auditLogProjection = defineProjection({
  name: 'audit_log',
  // v2: indexes (action|entity|risk, at) for the window's partial day. v3: entity ids out of the trigram search
  // text, searched by prefix through their own index. v4: changes, details and state json, not jsonb.
  version: 4,
  tables: [auditLogTable.name, auditActorsTable.name, auditEntityStateTable.name, auditLogDailyTable.name],

  async setup(client, physical) {
    await createReadModelTables(client, physical, auditLogTable, auditActorsTable, auditEntityStateTable, auditLogDailyTable);
    for (const [table, columns] of JSON_COLUMNS) {
      const alters = columns.map((column) => `ALTER COLUMN ${quoteIdent(column)} TYPE json USING ${quoteIdent(column)}::json`);
      await client.query(`ALTER TABLE ${quoteIdent(physical[table]!)} ${alters.join(', ')}`);
    }
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, auditLogTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const log = tables.audit_log!;
    const read = events.map((event) => ({ event, ...readEvent(event) }));
    const written = writtenStates(client);
    const context = await loadBatchContext(client, tables, read, written);
    const { actors, states } = context;
    let position = context.position;
    let previousHash = context.hash;
    const changedActors = new Set<string>();
    const changedStates = new Set<string>();
    // The live path's rows as JSON texts, the json columns spliced in as made (see insertLive).
    const rows: string[] = [];
    const daily = new Map<string, { day: string; action: string; entity: string; risk: string; n: number }>();
    // A rebuild COPYs the entries in chunks while it makes the next ones (see ChunkedCopy), and the states of the
    // entities it has not written yet as soon as the batch's last event of each is made (they are final then): the
    // batch then ends with little left for PostgreSQL to write while the JavaScript waits.
    const copies = isBulkQueryable(client) ? new CopyQueue(client) : null;
    const copy = copies?.chunked(`COPY ${quoteIdent(log)} (${COPY_COLUMNS.map(quoteIdent).join(', ')}) FROM STDIN`) ?? null;
    const stateCopy =
      copies && written
        ? copies.chunked(`COPY ${quoteIdent(tables.audit_entity_state!)} (${auditEntityStateTable.writtenColumns.map(quoteIdent).join(', ')}) FROM STDIN`)
        : null;
    const lastEventOf = stateCopy ? lastEventOfEachEntity(read) : null;
    const copiedStates = new Set<string>();
    const stateRow = (key: string) => {
      const [entity, entityId] = key.split('\u0000') as [string, string];
      return { entity, entity_id: entityId, state: states.get(key)! };
    };

    for (let index = 0; index < read.length; index++) {
      const { event, audit, data, resolved, entity } = read[index]!;
      const meta = event.metadata;
      const record = asObject(data);
      // The account's own events make it known as an actor (a new account is its own registration's actor).
      const subject = str(record.userId);
      if (subject) {
        const update = actorUpdate(event.type, record, actors.get(subject));
        if (update) {
          actors.set(subject, update);
          changedActors.add(subject);
        }
      }
      const actorId = str(meta.userId) ?? resolved.actor;
      const ip = str(meta.ip);
      let userName: string | null;
      let userRole: string | null;
      if (actorId) {
        const actor = actors.get(actorId);
        userName = actor?.name || str(record.userName);
        userRole = actor?.role ?? null;
      } else {
        // No account: a visitor (a public form, a failed login on an unknown e-mail) or the system (start-up, timers).
        userName = str(record.userName) ?? (entity === 'session' ? str(record.email) : null) ?? (ip ? 'Anonymous' : 'System');
        userRole = ip ? 'visitor' : 'system';
      }

      // Changes against the entity's previous audited state.
      const changes: { field: string; oldValue: unknown; newValue: unknown }[] = [];
      const redact = audit?.redact ?? [];
      if (audit && resolved.entityId !== null) {
        const key = stateKey(entity, resolved.entityId);
        const previous = states.get(key) ?? null;
        const patch = audit.state ? audit.state(data, previous) : resolved.action === 'CREATE' ? record : {};
        const safe = redactSecrets(patch, redact) as Record<string, unknown>;
        // The next state: the previous one with the fields this event sets (in the same order as a spread of each).
        let next: Record<string, unknown> | null = null;
        for (const field of Object.keys(safe)) {
          const value = safe[field];
          if (value === undefined) continue;
          const oldValue = previous?.[field] ?? null;
          if (!sameCanonicalJson(oldValue, value)) changes.push({ field, oldValue, newValue: value });
          next ??= { ...previous };
          next[field] = value;
        }
        if (next) {
          states.set(key, next);
          changedStates.add(key);
        }
        // Its row as insertNew would COPY it (same bytes).
        if (stateCopy && lastEventOf!.get(key) === index && changedStates.has(key) && !written!.has(key)) {
          stateCopy.add(auditEntityStateTable.copyText([stateRow(key)]));
          copiedStates.add(key);
        }
      }

      const apiKeyId = str(meta.apiKeyId);
      // Made through an API key: which one (the actor is the key's creator).
      // redactSecrets returns a new object (asObject wraps anything else in one): extended in place, as a spread would.
      const details = asObject(redactSecrets(data, redact));
      if (apiKeyId) details.viaApiKey = apiKeyId;
      const userAgent = str(meta.userAgent)?.slice(0, MAX_USER_AGENT) ?? null;
      const sessionId = str(meta.sessionId) ?? (entity === 'session' ? resolved.entityId : null);
      const content: ChainedContent = {
        position: ++position,
        id: event.id.toLowerCase(),
        eventType: event.type,
        timestamp: event.timestamp.toISOString(),
        userId: actorId,
        userName,
        userRole,
        ipAddress: ip,
        userAgent,
        sessionId,
        correlationId: str(meta.correlationId),
        entity,
        entityId: resolved.entityId,
        action: resolved.action,
        outcome: resolved.outcome,
        riskLevel: resolved.risk,
        changes,
        details,
      };
      // Serialised once: for the hash and, in a rebuild, for the COPY of the json columns.
      const changesJson = canonicalJson(changes);
      const detailsJson = canonicalJson(details);
      const hash = chainHashOfJson(chainedContentJson(content, changesJson, detailsJson), previousHash);
      previousHash = hash;
      const client_ = describeClient(userAgent);
      const row: AuditLogRow = {
        position: content.position,
        id: content.id,
        event_type: content.eventType,
        at: content.timestamp,
        user_id: actorId,
        user_name: userName,
        user_role: userRole,
        ip_address: ip,
        user_agent: userAgent,
        device: client_.device,
        browser: client_.browser,
        os: client_.os,
        location: locationOf(ip),
        session_id: sessionId,
        correlation_id: content.correlationId,
        entity,
        entity_id: resolved.entityId,
        action: resolved.action,
        outcome: resolved.outcome,
        risk: resolved.risk,
        changes,
        details,
        hash,
        search: auditSearchText({ userName, action: resolved.action, ip, eventType: event.type }),
      };
      if (copy) {
        copy.add(copyLine(row, changesJson, detailsJson));
        // Answers the COPYs' messages (their go-ahead, their end) within a few ms.
        if ((index + 1) % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      } else rows.push(liveRowJson(row, changesJson, detailsJson));
      const day = content.timestamp.slice(0, 10);
      const dayKey = `${day}|${resolved.action}|${entity}|${resolved.risk}`;
      const counter = daily.get(dayKey) ?? { day, action: resolved.action, entity, risk: resolved.risk, n: 0 };
      counter.n += 1;
      daily.set(dayKey, counter);
    }

    // The other tables, after the entries.
    const writeTheRest = async () => {
      await auditActorsTable.upsert(
        client,
        tables.audit_actors!,
        [...changedActors].map((userId) => ({ user_id: userId, name: actors.get(userId)!.name, role: actors.get(userId)!.role })),
      );
      if (written) {
        // The new ones went out with the entries (stateCopy); the others were written by an earlier batch.
        await upsertStatesLive(client, tables.audit_entity_state!, [...changedStates].filter((key) => written.has(key)).map(stateRow));
        for (const key of copiedStates) written.add(key);
        if (written.size > MAX_REMEMBERED_KEYS && isBulkQueryable(client)) client.memo.set(WRITTEN_STATES, null);
      } else {
        await upsertStatesLive(client, tables.audit_entity_state!, [...changedStates].map(stateRow));
      }
      if (daily.size > 0) {
        await client.query(
          `INSERT INTO ${quoteIdent(tables.audit_log_daily!)} AS t (day, action, entity, risk, n)
           SELECT r.day, r.action, r.entity, r.risk, r.n FROM jsonb_to_recordset($1::jsonb) AS r(day date, action text, entity text, risk text, n bigint)
           ON CONFLICT (day, action, entity, risk) DO UPDATE SET n = t.n + EXCLUDED.n`,
          [JSON.stringify([...daily.values()])],
        );
      }
    };
    // The client runs one statement at a time: the last COPYs end before the other tables are written.
    if (copies) await copies.finish();
    else await insertLive(client, log, rows);
    await writeTheRest();
  },
});

/** A value of COPY's text format: backslash, newline, carriage return and tab escaped; null is `\N`. */
const copyValue = (text: string | number | null) => (text === null ? '\\N' : typeof text === 'number' ? String(text) : copyEscape(text));

/**
 * The live path's writes, through json_to_recordset rather than read-model-table's jsonb_to_recordset: the json
 * columns' values then go in as the text they are (jsonb_to_recordset parsed them into jsonb and the assignment
 * cast printed and parsed them again: +15 % PostgreSQL CPU per live entry, measured in batches of 50), and the entry's changes and details
 * are spliced into its JSON as made for the hash instead of serialised again.
 */
function liveRowJson(row: AuditLogRow, changesJson: string, detailsJson: string): string {
  const { changes: _c, details: _d, ...scalars } = row;
  return `${JSON.stringify(scalars).slice(0, -1)},"changes":${changesJson},"details":${detailsJson}}`;
}

const recordType = (table: { definition: { columns: Record<string, { type: string }> } }, columns: readonly string[], json: readonly string[]) =>
  columns.map((column) => `${quoteIdent(column)} ${json.includes(column) ? 'json' : table.definition.columns[column]!.type}`).join(', ');

async function insertLive(client: SqlQueryable, physical: string, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = COPY_COLUMNS.map(quoteIdent).join(', ');
  await client.query(
    `INSERT INTO ${quoteIdent(physical)} (${columns})
     SELECT ${columns} FROM json_to_recordset($1::json) AS r(${recordType(auditLogTable, COPY_COLUMNS, ['changes', 'details'])})
     ON CONFLICT (position) DO NOTHING`,
    [`[${rows.join(',')}]`],
  );
}

async function upsertStatesLive(client: SqlQueryable, physical: string, rows: { entity: string; entity_id: string; state: unknown }[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO ${quoteIdent(physical)} (entity, entity_id, state)
     SELECT entity, entity_id, state FROM json_to_recordset($1::json) AS r(${recordType(auditEntityStateTable, ['entity', 'entity_id', 'state'], ['state'])})
     ON CONFLICT (entity, entity_id) DO UPDATE SET state = EXCLUDED.state`,
    [JSON.stringify(rows)],
  );
}

const copyJson = (json: string) => (json.includes('\\') ? json.replaceAll('\\', '\\\\') : json);

/** The columns of the entries' COPY (the json ones get the canonical JSON made for the hash). */
const COPY_COLUMNS = [
  'position', 'id', 'event_type', 'at', 'user_id', 'user_name', 'user_role', 'ip_address', 'user_agent', 'device', 'browser', 'os', 'location',
  'session_id', 'correlation_id', 'entity', 'entity_id', 'action', 'outcome', 'risk', 'changes', 'details', 'hash', 'search',
] as const satisfies readonly (keyof AuditLogRow)[];

/** Rows per COPY statement, and entries made between two yields to the event loop. */
const COPY_CHUNK = 256;
const YIELD_EVERY = 32;

/**
 * A rebuild's COPYs, sent while the batch makes the next rows: the batch's JavaScript (~45 µs an entry) and
 * PostgreSQL's COPY (~17 µs of CPU an entry with its entity state) ran one after the other, each leaving a core idle.
 * One COPY is in flight at a time, the next sent when it has ended (node-postgres' own queue of statements on a
 * busy client is deprecated); the batch yields to the event loop every YIELD_EVERY entries, so that the COPY's
 * messages are answered within a few ms.
 */
class CopyQueue {
  private readonly streams: ChunkedCopy[] = [];
  /** The COPYs sent so far, one after the other: settles when the last has ended, rejects with the first error. */
  private sent: Promise<void> = Promise.resolve();

  constructor(private readonly client: BulkQueryable) {}

  /** COPY_CHUNK lines at a time into `sql`'s table. */
  chunked(sql: string): ChunkedCopy {
    const stream = new ChunkedCopy((text) => this.send(sql, text));
    this.streams.push(stream);
    return stream;
  }

  private send(sql: string, text: string): void {
    this.sent = this.sent.then(() => this.client.copyFrom(sql, text));
    this.sent.catch(() => {}); // awaited by finish()
  }

  /** Sends every stream's rest and waits for every COPY; throws the first one's error. */
  async finish(): Promise<void> {
    for (const stream of this.streams) stream.flush();
    await this.sent;
  }
}

/** COPY text lines, sent COPY_CHUNK at a time. */
class ChunkedCopy {
  private text = '';
  private lines = 0;

  constructor(private readonly send: (text: string) => void) {}

  /** One or more complete lines (each ending in a newline). */
  add(lines: string): void {
    this.text += lines;
    if (++this.lines >= COPY_CHUNK) this.flush();
  }

  flush(): void {
    if (this.lines === 0) return;
    this.send(this.text);
    this.text = '';
    this.lines = 0;
  }
}

/**
 * An entry's COPY line, in COPY_COLUMNS' order (a column missing here is a NOT NULL violation in the tests). The
 * json columns get the canonical JSON made for the hash as it is (read-model-table's encoder would serialise them
 * again). Position, timestamp, hash and the declaration's enums hold nothing to escape; JSON text holds no raw
 * newline, carriage return or tab (JSON.stringify escapes them): only its backslashes are doubled.
 */
function copyLine(r: AuditLogRow, changesJson: string, detailsJson: string): string {
  return `${r.position}\t${copyValue(r.id)}\t${copyValue(r.event_type)}\t${r.at}\t${copyValue(r.user_id)}\t${copyValue(r.user_name)}\t${copyValue(r.user_role)}\t${copyValue(r.ip_address)}\t${copyValue(r.user_agent)}\t${copyValue(r.device)}\t${copyValue(r.browser)}\t${copyValue(r.os)}\t${copyValue(r.location)}\t${copyValue(r.session_id)}\t${copyValue(r.correlation_id)}\t${r.entity}\t${copyValue(r.entity_id)}\t${r.action}\t${r.outcome}\t${r.risk}\t${copyJson(changesJson)}\t${copyJson(detailsJson)}\t${r.hash}\t${copyValue(r.search)}\n`;
}

/** The index in the batch of the last event of each entity whose state the batch may change. */
function lastEventOfEachEntity(read: ReadEvent[]): Map<string, number> {
  const last = new Map<string, number>();
  for (let i = 0; i < read.length; i++) {
    const { audit, resolved, entity } = read[i]!;
    if (audit && resolved.entityId !== null) last.set(stateKey(entity, resolved.entityId), i);
  }
  return last;
}

type ReadEvent = { event: RecordedEvent; audit: AuditDeclaration<unknown> | null; resolved: ResolvedAudit; entity: string; data: unknown };

/**
 * The stored states of the entities named by two arrays, parameters `kinds` and `ids`. Two arrays rather than
 * jsonb_to_recordset: unnest's row estimate is the arrays' length, so a batch's few keys are looked up in the
 * primary key; jsonb_to_recordset's fixed estimate of 100 rows made PostgreSQL hash the keys and scan the whole
 * table (every entity ever audited) once per live batch.
 */
export const entityStatesSql = (table: string, kinds = '$1', ids = '$2') =>
  `SELECT s.entity, s.entity_id, s.state FROM ${quoteIdent(table)} s
     JOIN unnest(${kinds}::text[], ${ids}::text[]) AS k(entity, entity_id) ON s.entity = k.entity AND s.entity_id = k.entity_id`;

/**
 * What a batch starts from, in one round trip: the chain's head (last position and hash), the actors its events
 * name and the stored states of its entities (in a rebuild, only of those it has written: see `writtenStates`).
 * $1 the actors' ids, $2 and $3 the entities' kinds and ids (see entityStatesSql); an empty array finds nothing.
 */
export const batchContextSql = (tables: { log: string; actors: string; states: string }) =>
  `SELECT 'head' AS kind, h.position::text AS a, h.hash AS b, NULL::text AS c, NULL::json AS state
     FROM (SELECT position, hash FROM ${quoteIdent(tables.log)} ORDER BY position DESC LIMIT 1) h
   UNION ALL
   SELECT 'actor', user_id, name, role, NULL FROM ${quoteIdent(tables.actors)} WHERE user_id = ANY($1::text[])
   UNION ALL
   SELECT 'state', s.entity, s.entity_id, NULL, s.state::json FROM (${entityStatesSql(tables.states, '$2', '$3')}) s`;

interface BatchContext {
  position: number;
  hash: string;
  actors: Map<string, Actor>;
  states: Map<string, AuditState>;
}

async function loadBatchContext(client: SqlQueryable, tables: PhysicalTables, read: ReadEvent[], written: Set<string> | null): Promise<BatchContext> {
  const actorIds = new Set<string>();
  const stateKeys = new Map<string, { entity: string; entity_id: string }>();
  for (const { event, resolved, data, entity } of read) {
    const metaUser = str(event.metadata.userId);
    if (metaUser) actorIds.add(metaUser);
    if (resolved.actor) actorIds.add(resolved.actor);
    const subject = str(asObject(data).userId);
    if (subject) actorIds.add(subject);
    if (resolved.entityId === null) continue;
    const key = stateKey(entity, resolved.entityId);
    if (!written || written.has(key)) stateKeys.set(key, { entity, entity_id: resolved.entityId });
  }
  const wanted = [...stateKeys.values()];
  const { rows } = await client.query(batchContextSql({ log: tables.audit_log!, actors: tables.audit_actors!, states: tables.audit_entity_state! }), [
    [...actorIds],
    wanted.map((k) => k.entity),
    wanted.map((k) => k.entity_id),
  ]);
  const context: BatchContext = { position: 0, hash: GENESIS_HASH, actors: new Map(), states: new Map() };
  for (const row of rows as { kind: string; a: string; b: string; c: string | null; state: AuditState | null }[]) {
    if (row.kind === 'head') {
      context.position = Number(row.a);
      context.hash = row.b;
    } else if (row.kind === 'actor') context.actors.set(row.a, { name: row.b, role: row.c! });
    else context.states.set(stateKey(row.a, row.b), row.state!);
  }
  return context;
}
