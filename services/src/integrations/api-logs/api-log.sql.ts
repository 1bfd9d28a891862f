/**
 * API logs (issue 15): one row per request made with an API key and per webhook delivery attempt. Operational
 * rows, not events: they describe traffic, not business decisions; at thousands per second they would swamp the
 * event store and the audit trail, and they are deleted after API_LOG_RETENTION_DAYS (an event log is never
 * deleted). Created by the module's start-up (idempotent, under an advisory lock).
 */
export const API_LOG_SCHEMA_SQL = /* sql */ `
CREATE TABLE IF NOT EXISTS api_log (
  id bigserial PRIMARY KEY,
  source text NOT NULL DEFAULT 'api',
  at timestamptz NOT NULL,
  method text NOT NULL,
  endpoint text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  duration_ms real NOT NULL,
  request_id text NOT NULL,
  key_id text,
  key_name text,
  error_code text,
  error_message text
);
CREATE INDEX IF NOT EXISTS api_log_at ON api_log (at DESC, id DESC);
CREATE INDEX IF NOT EXISTS api_log_key_at ON api_log (key_id, at DESC);
`;

/** One row as the writer takes it. */
export interface ApiLogRow {
  source: 'api' | 'webhook';
  at: Date;
  method: string;
  endpoint: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  keyId: string | null;
  keyName: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export const API_LOG_COLUMNS = ['source', 'at', 'method', 'endpoint', 'path', 'status', 'duration_ms', 'request_id', 'key_id', 'key_name', 'error_code', 'error_message'] as const;

/** The row's values in API_LOG_COLUMNS order. */
export function apiLogValues(r: ApiLogRow): unknown[] {
  return [r.source, r.at, r.method, r.endpoint, r.path, r.status, r.durationMs, r.requestId, r.keyId, r.keyName, r.errorCode, r.errorMessage];
}
