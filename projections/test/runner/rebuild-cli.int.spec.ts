/** `npm run rebuild -- <projection>|--all`: the CLI entry the lead wires from services. */
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStreamId } from '@crm/contracts';
import { runRebuildCli } from '@crm/projections';
import {
  type ProjectionTestEnv,
  bookingRequested,
  openProjectionTestEnv,
  projectionState,
  waitForVisibleEvents,
} from '../support/projection-fixtures.ts';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe('rebuild CLI on external PostgreSQL', () => {
  let env: ProjectionTestEnv;
  beforeAll(async () => {
    env = await openProjectionTestEnv('external');
    for (let i = 0; i < 20; i++) {
      const id = randomUUID();
      await env.store.append(bookingStreamId(id), [bookingRequested(id, { name: `cli ${i}` })], { expectedVersion: 'no_stream' });
    }
    await waitForVisibleEvents(env.store, 20);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('rejects an unknown projection with the list of known ones (exit code 2)', async () => {
    const out = capture();
    const err = capture();
    const code = await runRebuildCli(['nope'], { pool: env.pool, store: env.store, stdout: out.stream, stderr: err.stream });
    expect(code).toBe(2);
    expect(err.text()).toContain('Unknown projection "nope". Known projections: bookings');
    expect(await runRebuildCli([], { pool: env.pool, store: env.store, stdout: out.stream, stderr: err.stream })).toBe(2);
    expect(err.text()).toContain('usage: rebuild <projection>|--all');
  });

  it('rebuilds --all with plain progress lines when not on a terminal, then prints events/s', async () => {
    const out = capture();
    const err = capture();
    const code = await runRebuildCli(['--all', '--batch-size', '7'], {
      pool: env.pool,
      store: env.store,
      stdout: out.stream,
      stderr: err.stream,
      countEvents: async () => 20,
    });
    expect(code).toBe(0);
    expect(err.text()).toMatch(/^bookings: 0\/20 events \(0%\) \d+ events\/s$/m);
    expect(err.text()).toMatch(/^bookings: 20\/20 events \(100%\) \d+ events\/s$/m);
    expect(out.text()).toMatch(/^bookings: rebuilt 20 events in \d+\.\d s \([\d,]+ events\/s\), generation 1 → 2; stages: replay [\d.]+ s, indexes [\d.]+ s, analyze [\d.]+ s, swap [\d.]+ s$/m);
    expect(await projectionState(env.pool, 'bookings')).toMatchObject({ generation: 2, status: 'live' });
    const { rows } = await env.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    expect(rows[0]!.n).toBe(20);

    // By name, a second time: generation 3.
    expect(await runRebuildCli(['bookings'], { pool: env.pool, store: env.store, stdout: out.stream, stderr: err.stream })).toBe(0);
    expect(out.text()).toContain('generation 2 → 3');
  });
});
