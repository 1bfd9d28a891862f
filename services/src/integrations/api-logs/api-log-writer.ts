/**
 * The API log's batch writer: requests hand it a row and go on; rows wait in memory and are written with one
 * multi-row INSERT every `flushMs` or as soon as `maxRows` are waiting, so logging adds no database round trip to
 * a request. `stop()` writes what is left (the platform stops modules after the HTTP server has closed).
 * A failed write is logged and its rows dropped (operational rows: never worth blocking or growing memory for);
 * at most `maxBuffered` rows wait, beyond that new rows are dropped and counted.
 */
import type pg from 'pg';
import { API_LOG_COLUMNS, apiLogValues, type ApiLogRow } from './api-log.sql.ts';

export interface ApiLogWriterOptions {
  pool: pg.Pool;
  flushMs?: number;
  maxRows?: number;
  maxBuffered?: number;
  /** Resolves once the table exists (the first flush waits for it). */
  ready?: () => Promise<void>;
  onError?: (err: unknown, rows: number) => void;
}

export interface ApiLogWriter {
  add(row: ApiLogRow): void;
  /** Writes what is waiting now (resolves when written). */
  flush(): Promise<void>;
  /** Flushes and stops the timer; later rows are written immediately. */
  stop(): Promise<void>;
  stats(): { written: number; dropped: number; batches: number; waiting: number };
}

const COLUMN_LIST = API_LOG_COLUMNS.join(', ');

/** `INSERT … VALUES ($1,…), (…)` for `n` rows. */
export function multiRowInsert(n: number): string {
  const width = API_LOG_COLUMNS.length;
  const rows: string[] = [];
  for (let r = 0; r < n; r++) rows.push(`(${API_LOG_COLUMNS.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
  return `INSERT INTO api_log (${COLUMN_LIST}) VALUES ${rows.join(', ')}`;
}

export function createApiLogWriter(options: ApiLogWriterOptions): ApiLogWriter {
  const flushMs = options.flushMs ?? 250;
  // 12 columns × 500 rows = 6,000 parameters (PostgreSQL allows 65,535).
  const maxRows = options.maxRows ?? 500;
  const maxBuffered = options.maxBuffered ?? 50_000;
  let buffer: ApiLogRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  const stats = { written: 0, dropped: 0, batches: 0 };

  async function write(rows: ApiLogRow[]) {
    if (options.ready) await options.ready();
    for (let i = 0; i < rows.length; i += maxRows) {
      const chunk = rows.slice(i, i + maxRows);
      try {
        await options.pool.query(multiRowInsert(chunk.length), chunk.flatMap(apiLogValues));
        stats.written += chunk.length;
        stats.batches++;
      } catch (err) {
        stats.dropped += chunk.length;
        options.onError?.(err, chunk.length);
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (buffer.length === 0) return inFlight;
    const rows = buffer;
    buffer = [];
    // One write at a time, in order.
    inFlight = inFlight.then(() => write(rows));
    return inFlight;
  }

  return {
    add(row) {
      if (buffer.length >= maxBuffered) {
        stats.dropped++;
        return;
      }
      buffer.push(row);
      if (stopped || buffer.length >= maxRows) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    flush,
    async stop() {
      stopped = true;
      await flush();
    },
    stats: () => ({ ...stats, waiting: buffer.length }),
  };
}
