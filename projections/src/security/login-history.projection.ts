/**
 * The login-history read model (spec 02, "Login History viewer"; §3 LoginRecord). One row per login
 * attempt (stream `login-<loginId>`): LoginSucceeded or LoginFailed makes the row, with the detector's
 * verdict as recorded in the event (so a rebuild gives the same rows); SessionEnded fills the duration.
 * Everything in a row comes from events only: no clock, no lookup.
 */
import { loginEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser } from '../runner/read-model.ts';
import { PROJECTED_AT, type RowOf, createReadModelIndexes, createReadModelTables, readModelTable } from '../runner/read-model-table.ts';
import { locationOf } from './ip-location.ts';

const parseLoginEvent = contractEventParser(loginEventSchemas);

/** The text the search box matches: user name, e-mail and IP address, lower-cased (same on the query side). */
export function loginSearchText(row: { userName: string | null; email: string; ip: string | null }): string {
  return [row.userName ?? '', row.email, row.ip ?? ''].join(' ').toLowerCase();
}

/** The `login_history` read model's table: one row per login attempt. */
export const loginHistoryTable = readModelTable({
  name: 'login_history',
  columns: {
    id: { type: 'uuid', primaryKey: true },
    user_id: { type: 'text', nullable: true },
    user_name: { type: 'text', nullable: true },
    user_email: { type: 'text' },
    at: { type: 'timestamptz' },
    ip_address: { type: 'text', nullable: true },
    location: { type: 'text' },
    device: { type: 'text' },
    browser: { type: 'text' },
    os: { type: 'text' },
    user_agent: { type: 'text', nullable: true },
    succeeded: { type: 'boolean' },
    status: { type: 'text' },
    failure_reason: { type: 'text', nullable: true },
    suspicious_reasons: { type: 'text[]' },
    session_ended_at: { type: 'timestamptz', nullable: true },
    session_end_reason: { type: 'text', nullable: true },
    session_duration: { type: 'integer', nullable: true },
    search: { type: 'text' },
    projected_at: PROJECTED_AT,
  },
  indexes: [
    { name: 'at', on: '(at DESC, id DESC)' },
    { name: 'status_at', on: '(status, at DESC)' },
    { name: 'ip_at', on: '(ip_address, at DESC)' },
    { search: 'search' },
  ],
});

export type LoginHistoryRow = RowOf<typeof loginHistoryTable>;

export const loginHistoryProjection = defineProjection({
  name: 'login_history',
  // v3: locations from the offline country database (ip-location.ts).
  version: 3,
  tables: [loginHistoryTable.name],
  eventTypes: Object.keys(loginEventSchemas),

  async setup(client, physical) {
    await createReadModelTables(client, physical, loginHistoryTable);
  },

  async indexes(client, tables: PhysicalTables) {
    await createReadModelIndexes(client, tables, loginHistoryTable);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.login_history!);
    const inserts = new Map<string, LoginHistoryRow>();
    const ends = new Map<string, { id: string; ended_at: string; reason: string }>();
    for (const event of events) {
      const parsed = parseLoginEvent(event);
      if (!parsed) continue;
      if (parsed.type === 'SessionEnded') {
        // The first end of a session is its end (the decider records one; be safe on replays).
        if (!ends.has(parsed.data.loginId)) ends.set(parsed.data.loginId, { id: parsed.data.loginId, ended_at: parsed.data.endedAt, reason: parsed.data.reason });
        continue;
      }
      const d = parsed.data;
      if (inserts.has(d.loginId)) continue;
      const succeeded = parsed.type === 'LoginSucceeded';
      inserts.set(d.loginId, {
        id: d.loginId,
        user_id: d.userId,
        user_name: d.userName,
        user_email: d.email,
        at: d.at,
        ip_address: d.ip,
        location: locationOf(d.ip),
        device: d.device,
        browser: d.browser,
        os: d.os,
        user_agent: d.userAgent,
        succeeded,
        status: d.suspicious ? 'suspicious' : succeeded ? 'success' : 'failed',
        failure_reason: parsed.type === 'LoginFailed' ? parsed.data.reason : null,
        suspicious_reasons: d.suspiciousReasons,
        // The session's end comes with SessionEnded (possibly in this batch: the UPDATE below runs after).
        session_ended_at: null,
        session_end_reason: null,
        session_duration: null,
        search: loginSearchText({ userName: d.userName, email: d.email, ip: d.ip }),
      });
    }
    // Inserts first: in global order a session's end always follows its login, possibly in this very batch.
    await loginHistoryTable.insertNew(client, tables.login_history!, [...inserts.values()]);
    if (ends.size > 0) {
      await client.query(
        `UPDATE ${q} AS h
            SET session_ended_at = e.ended_at, session_end_reason = e.reason,
                session_duration = GREATEST(0, floor(extract(epoch FROM e.ended_at - h.at)))::int,
                projected_at = clock_timestamp()
           FROM jsonb_to_recordset($1::jsonb) AS e(id uuid, ended_at timestamptz, reason text)
          WHERE h.id = e.id AND h.session_ended_at IS NULL`,
        [JSON.stringify([...ends.values()])],
      );
    }
  },
});
