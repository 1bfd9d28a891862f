/**
 * API logs (issue 15): the writer requests hand their rows to, the API Logs tab's query and the retention sweep.
 * Transport-free.
 */
import type pg from 'pg';
import type { ApiLogEntry, ApiLogListInput, ApiLogListResult } from '@crm/contracts';
import { createApiLogWriter, type ApiLogWriter } from './api-log-writer.ts';
import { API_LOG_SCHEMA_SQL, type ApiLogRow } from './api-log.sql.ts';

const DAY_MS = 86_400_000;

export interface ApiLogsServiceDeps {
  pool: pg.Pool;
  now: () => Date;
  /** API_LOG_RETENTION_DAYS: rows older than this are deleted by the sweep. */
  retentionDays: number;
  writer?: { flushMs?: number; maxRows?: number };
  onWriteError?: (err: unknown, rows: number) => void;
}

export interface ApiLogsService {
  /** Queues a row (written in the next batch). */
  record(row: ApiLogRow): void;
  list(input: ApiLogListInput): Promise<ApiLogListResult>;
  /** Deletes rows older than the retention period; answers how many. */
  sweep(): Promise<number>;
  /** The configured retention in days. */
  retentionDays(): number;
  /** Creates the table (idempotent); the writer waits for it. */
  ensureSchema(): Promise<void>;
  writer: ApiLogWriter;
}

const STATUS_RANGES = { '2xx': [200, 299], '3xx': [300, 399], '4xx': [400, 499], '5xx': [500, 599] } as const;

interface Row {
  id: string;
  source: 'api' | 'webhook';
  at: Date;
  method: string;
  endpoint: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string;
  key_id: string | null;
  key_name: string | null;
  error_code: string | null;
  error_message: string | null;
  total: string;
}

const toEntry = (r: Row): ApiLogEntry => ({
  id: r.id,
  source: r.source,
  at: r.at.toISOString(),
  method: r.method,
  endpoint: r.endpoint,
  path: r.path,
  status: r.status,
  durationMs: Math.round(r.duration_ms * 10) / 10,
  requestId: r.request_id,
  keyId: r.key_id,
  keyName: r.key_name,
  errorCode: r.error_code,
  errorMessage: r.error_message,
});

/** api_log's columns as the list reads them. */
const API_COLUMNS = `'a' || id::text AS id, id AS seq, source, at, method, endpoint, path, status, duration_ms, request_id, key_id, key_name, error_code, error_message`;
/**
 * A webhook attempt as a row of the log: POST to the endpoint's URL, the message id (`webhook-id`) as request id,
 * the endpoint's id as key id, status 0 when no answer came (error `network_error`).
 */
const WEBHOOK_COLUMNS = `'w' || id::text, id, 'webhook', attempted_at, 'POST', url, url, coalesce(status_code, 0), duration_ms::real, message_id, webhook_id::text, NULL,
  CASE WHEN success THEN NULL WHEN status_code IS NULL THEN 'network_error' ELSE status_code::text END, CASE WHEN success THEN NULL ELSE left(error, 500) END`;

export function createApiLogsService(deps: ApiLogsServiceDeps): ApiLogsService {
  const { pool, now } = deps;
  let webhookAttempts = false;
  /** Whether the webhooks' attempts table exists (created by the webhooks part at start; once true, stays true). */
  const hasWebhookAttempts = async () =>
    (webhookAttempts ||= (await pool.query<{ ok: boolean }>(`SELECT to_regclass('webhook_attempts') IS NOT NULL AS ok`)).rows[0]?.ok === true);
  let schema: Promise<void> | null = null;
  const ensureSchema = () =>
    (schema ??= (async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(727015)');
        await client.query(API_LOG_SCHEMA_SQL);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        schema = null;
        throw err;
      } finally {
        client.release();
      }
    })());
  const writer = createApiLogWriter({
    pool,
    ready: ensureSchema,
    flushMs: deps.writer?.flushMs,
    maxRows: deps.writer?.maxRows,
    onError: deps.onWriteError,
  });

  return {
    writer,
    ensureSchema,
    record: (row) => writer.add(row),
    retentionDays: () => deps.retentionDays,
    async list(input) {
      await ensureSchema();
      const where: string[] = [];
      const params: unknown[] = [];
      const p = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      if (input.method !== 'all') where.push(`method = ${p(input.method)}`);
      if (input.status !== 'all') {
        const [lo, hi] = STATUS_RANGES[input.status];
        where.push(`status BETWEEN ${p(lo)} AND ${p(hi)}`);
      }
      if (input.keyId) where.push(`key_id = ${p(input.keyId)}`);
      if (input.search) {
        const like = p(`%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(`(endpoint ILIKE ${like} OR path ILIKE ${like})`);
      }
      if (input.from) where.push(`at >= ${p(new Date(input.from))}`);
      if (input.to) where.push(`at <= ${p(new Date(input.to))}`);
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const limit = p(input.limit);
      const offset = p((input.page - 1) * input.limit);
      // Webhook delivery attempts (the webhooks' own table, when it exists) read as rows of the same log.
      const source = (await hasWebhookAttempts()) ? `(SELECT ${API_COLUMNS} FROM api_log UNION ALL SELECT ${WEBHOOK_COLUMNS} FROM webhook_attempts) AS log` : `(SELECT ${API_COLUMNS} FROM api_log) AS log`;
      const { rows } = await pool.query<Row>(
        `SELECT id, source, at, method, endpoint, path, status, duration_ms, request_id, key_id, key_name, error_code, error_message,
                count(*) OVER () AS total
           FROM ${source} ${clause} ORDER BY at DESC, seq DESC LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      let total = rows[0] ? Number(rows[0].total) : 0;
      // A page past the end still says how many rows match.
      if (rows.length === 0 && input.page > 1) {
        const count = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${source} ${clause}`, params.slice(0, -2));
        total = Number(count.rows[0]?.n ?? 0);
      }
      return { items: rows.map(toEntry), total };
    },
    async sweep() {
      await ensureSchema();
      const cutoff = new Date(now().getTime() - deps.retentionDays * DAY_MS);
      const { rowCount } = await pool.query('DELETE FROM api_log WHERE at < $1', [cutoff]);
      return rowCount ?? 0;
    },
  };
}
