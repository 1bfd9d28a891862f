import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PG_SETUPS, createTestDatabase } from './db.ts';

describe.each(PG_SETUPS)('test databases on %s PostgreSQL', (setup) => {
  it('creates a usable, isolated database and drops it', async () => {
    const db = await createTestDatabase(setup);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    expect(Number(rows[0]!.v)).toBeGreaterThanOrEqual(130000);
    await c.end();
    await db.drop();
  });
});
