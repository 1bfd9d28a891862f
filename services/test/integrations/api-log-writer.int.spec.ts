/**
 * The API log's batch writer on a real PostgreSQL: rows wait in memory and are written in one multi-row INSERT
 * when `maxRows` are waiting or `flushMs` has passed, and `stop()` writes what is left.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';
import { createApiLogWriter, multiRowInsert } from '../../src/integrations/api-logs/api-log-writer.ts';
import { API_LOG_SCHEMA_SQL, type ApiLogRow } from '../../src/integrations/api-logs/api-log.sql.ts';
import { createApiLogsService } from '../../src/integrations/api-logs/api-logs.service.ts';
import { apiLogListInput } from '@crm/contracts';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('external');
  pool = new pg.Pool({ connectionString: db.url, max: 3 });
  pool.on('error', () => {});
  await pool.query(API_LOG_SCHEMA_SQL);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});
beforeEach(async () => {
  await pool.query('TRUNCATE api_log');
});

const row = (i: number, over: Partial<ApiLogRow> = {}): ApiLogRow => ({
  source: 'api',
  at: new Date(Date.UTC(2026, 10, 1, 12, 0, i)),
  method: 'GET',
  endpoint: '/api/admin/customers/:id',
  path: `/api/admin/customers/${i}`,
  status: 200,
  durationMs: 1.5,
  requestId: `req-${i}`,
  keyId: 'key-1',
  keyName: 'Zapier',
  errorCode: null,
  errorMessage: null,
  ...over,
});
const count = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM api_log')).rows[0]!.n);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('API log batch writer', () => {
  it('builds one INSERT with a VALUES tuple per row', () => {
    expect(multiRowInsert(2)).toMatch(/VALUES \(\$1, .*\$12\), \(\$13, .*\$24\)$/);
  });

  it('writes nothing before the interval, then every waiting row in one batch', async () => {
    // An interval far longer than the first check's wait: at 300 ms, a full parallel run once stalled the check
    // past the interval and found the rows already written.
    const writer = createApiLogWriter({ pool, flushMs: 1500, maxRows: 100 });
    const added = performance.now();
    for (let i = 0; i < 7; i++) writer.add(row(i));
    await sleep(100);
    expect(await count()).toBe(0);
    // Then, once the interval has passed, every row in one batch.
    await sleep(1500 - (performance.now() - added));
    for (const until = Date.now() + 5_000; (await count()) < 7 && Date.now() < until; ) await sleep(20);
    expect(await count()).toBe(7);
    expect(writer.stats()).toMatchObject({ written: 7, batches: 1, dropped: 0, waiting: 0 });
    await writer.stop();
  });

  it('flushes as soon as maxRows are waiting, long before the interval', async () => {
    const writer = createApiLogWriter({ pool, flushMs: 60_000, maxRows: 10 });
    for (let i = 0; i < 25; i++) writer.add(row(i));
    await writer.flush().then(() => undefined);
    // Two full batches went on size; the remaining 5 wait for the (long) interval.
    const stats = writer.stats();
    expect(stats.batches).toBeGreaterThanOrEqual(2);
    expect(await count()).toBeGreaterThanOrEqual(20);
    await writer.stop();
    expect(await count()).toBe(25);
  });

  it('stop() writes what is waiting; rows added after stop are written at once', async () => {
    const writer = createApiLogWriter({ pool, flushMs: 60_000, maxRows: 1000 });
    for (let i = 0; i < 3; i++) writer.add(row(i));
    expect(await count()).toBe(0);
    await writer.stop();
    expect(await count()).toBe(3);
    writer.add(row(99));
    await writer.flush();
    expect(await count()).toBe(4);
  });

  it('keeps every column, without bodies', async () => {
    const writer = createApiLogWriter({ pool, flushMs: 10 });
    writer.add(row(1, { method: 'POST', status: 422, errorCode: 'customer_not_found', errorMessage: 'Customer not found', durationMs: 12.25 }));
    await writer.stop();
    const { rows } = await pool.query('SELECT * FROM api_log');
    expect(rows[0]).toMatchObject({ method: 'POST', endpoint: '/api/admin/customers/:id', path: '/api/admin/customers/1', status: 422, duration_ms: 12.25, request_id: 'req-1', key_id: 'key-1', key_name: 'Zapier', error_code: 'customer_not_found', error_message: 'Customer not found' });
  });
});

describe('API logs service', () => {
  it('filters by method, status class, key, endpoint and dates, pages newest first, and sweeps rows past retention', async () => {
    let now = new Date(Date.UTC(2026, 10, 1, 13, 0, 0));
    const service = createApiLogsService({ pool, now: () => now, retentionDays: 30 });
    await service.ensureSchema();
    for (let i = 0; i < 30; i++) {
      service.record(
        row(i, {
          method: i % 3 === 0 ? 'POST' : 'GET',
          status: i % 5 === 0 ? 500 : i % 2 === 0 ? 404 : 200,
          keyId: i < 20 ? 'key-1' : 'key-2',
          path: i < 10 ? `/api/admin/deals/${i}` : `/api/admin/customers/${i}`,
          endpoint: i < 10 ? '/api/admin/deals/:id' : '/api/admin/customers/:id',
        }),
      );
    }
    service.record(row(100, { at: new Date(Date.UTC(2026, 8, 1)) }));
    await service.writer.flush();
    const list = (q: Record<string, unknown>) => service.list(apiLogListInput.parse(q));

    const all = await list({ limit: 10 });
    expect(all.total).toBe(31);
    expect(all.items).toHaveLength(10);
    expect(all.items[0]!.requestId).toBe('req-29');
    const page3 = await list({ limit: 10, page: 4 });
    expect(page3.items.map((i) => i.requestId)).toEqual(['req-100']);

    expect((await list({ method: 'POST' })).total).toBe(10);
    expect((await list({ status: '5xx' })).items.every((i) => i.status >= 500)).toBe(true);
    expect((await list({ status: '5xx' })).total).toBe(6);
    expect((await list({ status: '4xx' })).total).toBe(12); // even i among 0..29 that are not multiples of 10
    expect((await list({ keyId: 'key-2' })).total).toBe(10);
    expect((await list({ search: 'DEALS' })).total).toBe(10);
    expect((await list({ search: '100%' })).total).toBe(0);
    expect((await list({ from: '2026-11-01T12:00:20Z', to: '2026-11-01T12:00:24Z' })).total).toBe(5);
    expect((await list({ page: 50 })).total).toBe(31);

    // 30 days' retention: the September row goes, November's stay.
    expect(await service.sweep()).toBe(1);
    now = new Date(Date.UTC(2026, 11, 15));
    expect(await service.sweep()).toBe(30);
    expect((await list({})).total).toBe(0);
  });
});
