/**
 * The login-history read model (spec 02, "Login History viewer"; §3 LoginRecord). One row per login
 * attempt (stream `login-<loginId>`): LoginSucceeded or LoginFailed makes the row, with the detector's
 * verdict as recorded in the event (so a rebuild gives the same rows); SessionEnded fills the duration.
 * Everything in a row comes from events only: no clock, no lookup.
 */
import { loginEventSchemas } from '@crm/contracts';
import { type PhysicalTables, defineProjection, quoteIdent } from '../runner/projection.ts';
import { contractEventParser, createSearchIndex } from '../runner/read-model.ts';
import { locationOf } from './ip-location.ts';

const parseLoginEvent = contractEventParser(loginEventSchemas);



/** The text the search box matches: user name, e-mail and IP address, lower-cased (same on the query side). */
export function loginSearchText(row: { userName: string | null; email: string; ip: string | null }): string {
  return [row.userName ?? '', row.email, row.ip ?? ''].join(' ').toLowerCase();
}

interface NewRow {
  id: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string;
  at: string;
  ip_address: string | null;
  location: string;
  device: string;
  browser: string;
  os: string;
  user_agent: string | null;
  succeeded: boolean;
  status: 'success' | 'failed' | 'suspicious';
  failure_reason: string | null;
  suspicious_reasons: string[];
  search: string;
}

export const loginHistoryProjection = defineProjection({
  name: 'login_history',
  version: 2,
  tables: ['login_history'],
  eventTypes: Object.keys(loginEventSchemas),

  async setup(client, physical) {
    const q = quoteIdent(physical.login_history!);
    await client.query(`
      CREATE TABLE ${q} (
        id uuid PRIMARY KEY,
        user_id text,
        user_name text,
        user_email text NOT NULL,
        at timestamptz NOT NULL,
        ip_address text,
        location text NOT NULL,
        device text NOT NULL,
        browser text NOT NULL,
        os text NOT NULL,
        user_agent text,
        succeeded boolean NOT NULL,
        status text NOT NULL,
        failure_reason text,
        suspicious_reasons text[] NOT NULL,
        session_ended_at timestamptz,
        session_end_reason text,
        session_duration integer,
        search text NOT NULL,
        projected_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
  },

  async indexes(client, tables: PhysicalTables) {
    const t = tables.login_history!;
    const q = quoteIdent(t);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_at`)} ON ${q} (at DESC, id DESC)`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_status_at`)} ON ${q} (status, at DESC)`);
    await client.query(`CREATE INDEX ${quoteIdent(`${t}_ip_at`)} ON ${q} (ip_address, at DESC)`);
    await createSearchIndex(client, t);
  },

  async apply(client, events, tables: PhysicalTables) {
    const q = quoteIdent(tables.login_history!);
    const inserts = new Map<string, NewRow>();
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
        search: loginSearchText({ userName: d.userName, email: d.email, ip: d.ip }),
      });
    }
    // Inserts first: in global order a session's end always follows its login, possibly in this very batch.
    if (inserts.size > 0) {
      await client.query(
        `INSERT INTO ${q} (id, user_id, user_name, user_email, at, ip_address, location, device, browser, os, user_agent,
                          succeeded, status, failure_reason, suspicious_reasons, search)
         SELECT r.id, r.user_id, r.user_name, r.user_email, r.at, r.ip_address, r.location, r.device, r.browser, r.os, r.user_agent,
                r.succeeded, r.status, r.failure_reason, ARRAY(SELECT jsonb_array_elements_text(r.suspicious_reasons)), r.search
         FROM jsonb_to_recordset($1::jsonb) AS r(
           id uuid, user_id text, user_name text, user_email text, at timestamptz, ip_address text, location text, device text,
           browser text, os text, user_agent text, succeeded boolean, status text, failure_reason text, suspicious_reasons jsonb, search text)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify([...inserts.values()])],
      );
    }
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
