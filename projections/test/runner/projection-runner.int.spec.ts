/**
 * The projection runner and the rebuild (STACK.md, "Projections"): rows and checkpoint commit together,
 * one running instance per projection (advisory lock, standby takes over), a version bump rebuilds into
 * a new generation and swaps the view, and a rebuild while a live runner works loses and doubles nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewEvent, bookingStreamId } from '@crm/contracts';
import {
  LOCK_NS,
  type ProjectionDefinition,
  bookingsProjection,
  createLockSession,
  rebuildProjection,
  startProjection,
} from '@crm/projections';
import { PG_SETUPS } from '../../../test-support/db.ts';
import {
  type ProjectionTestEnv,
  allRows,
  bookingRequested,
  bookingStatusEvent,
  bookingsProjectionAs,
  caughtUpOrError,
  eventTallyProjection,
  openProjectionTestEnv,
  projectionState,
  tableExists,
  viewTarget,
  waitFor,
  waitForVisible,
} from '../support/projection-fixtures.ts';

/** Appends `n` new bookings (one stream each), returns their ids. */
async function addBookings(env: ProjectionTestEnv, n: number, fields: Parameters<typeof bookingRequested>[1] = {}): Promise<string[]> {
  const ids: string[] = [];
  let last = '';
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const r = await env.store.append(bookingStreamId(id), [bookingRequested(id, { name: `Client ${id.slice(0, 6)}`, ...fields })], { expectedVersion: 'no_stream' });
    ids.push(id);
    last = r.checkpoint;
  }
  await waitForVisible(env.store, last);
  return ids;
}

async function count(env: ProjectionTestEnv, relation: string): Promise<number> {
  const { rows } = await env.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${relation}`);
  return rows[0]!.n;
}

describe.each(PG_SETUPS)('projection runner on %s PostgreSQL', (setup) => {
  let env: ProjectionTestEnv;
  beforeAll(async () => {
    env = await openProjectionTestEnv(setup);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('commits rows and checkpoint together: a handler that throws midway advances neither', async () => {
    const boom = bookingsProjectionAs('boom_bookings', {
      async apply(client, events, tables) {
        await bookingsProjection.apply(client, events, { bookings: tables.boom_bookings! });
        // Rows of this batch are written at this point; the failure must take them back.
        if (events.some((e) => (e.data as { name?: string }).name === 'BOOM')) throw new Error('handler failed midway');
      },
    });
    await addBookings(env, 5);
    const runner = startProjection(boom, { pool: env.pool, store: env.store, errorRetryMs: 50 });
    await caughtUpOrError(runner);
    const before = await projectionState(env.pool, 'boom_bookings');
    expect(await count(env, 'boom_bookings')).toBe(5);

    // One append of three events = one batch for the live runner: a good booking, the poison one, another.
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await env.store.append('mixed-1', [bookingRequested(a, { name: 'ok 1' }), bookingRequested(b, { name: 'BOOM' }), bookingRequested(c, { name: 'ok 2' })], { expectedVersion: 'no_stream' });
    await waitFor(() => runner.status().lastError === 'handler failed midway', 10_000, 'the handler to fail');
    await waitFor(() => runner.status().state === 'retrying', 5_000, 'the runner to retry');
    await runner.stop();

    expect(await projectionState(env.pool, 'boom_bookings')).toEqual(before);
    expect(await count(env, 'boom_bookings')).toBe(5);
    const { rows } = await env.pool.query('SELECT id FROM boom_bookings WHERE id = ANY($1::uuid[])', [[a, b, c]]);
    expect(rows).toEqual([]);
  });

  it('a batch whose registry row another writer moved meanwhile rolls back, and the runner re-attaches from that row', async () => {
    let hold: (() => void) | null = null;
    let entered: (() => void) | null = null;
    const fenced = bookingsProjectionAs('fenced_bookings', {
      async apply(client, events, tables) {
        await bookingsProjection.apply(client, events, { bookings: tables.fenced_bookings! });
        if (events.some((e) => (e.data as { name?: string }).name === 'HOLD')) {
          // Rows written, checkpoint not yet: let the test move the registry row under this batch.
          await new Promise<void>((resolve) => {
            hold = resolve;
            entered?.();
          });
        }
      },
    });
    await addBookings(env, 2);
    const runner = startProjection(fenced, { pool: env.pool, store: env.store, errorRetryMs: 50 });
    try {
      await caughtUpOrError(runner);
      const inBatch = new Promise<void>((resolve) => (entered = resolve));
      const [held] = await addBookings(env, 1, { name: 'HOLD' });
      await inBatch;
      // Another writer (say, a rebuild's swap that applied this event itself) moves the checkpoint past it.
      const moved = (await env.store.readAll({ after: null, limit: 100_000 })).checkpoint;
      await env.pool.query('UPDATE projection_state SET checkpoint = $2 WHERE name = $1', [fenced.name, moved]);
      hold!();
      await waitFor(() => runner.status().checkpoint === moved && runner.status().state === 'live', 10_000, 'the runner to re-attach at the moved checkpoint');
      // The held batch rolled back: its row is not there (the other writer "owns" that event now).
      expect((await env.pool.query('SELECT 1 FROM fenced_bookings WHERE id = $1', [held])).rowCount).toBe(0);
      expect((await projectionState(env.pool, fenced.name))!.checkpoint).toBe(moved);
      // And it goes on from there.
      const [after] = await addBookings(env, 1);
      await waitFor(async () => (await env.pool.query('SELECT 1 FROM fenced_bookings WHERE id = $1', [after])).rowCount === 1, 10_000, 'the next booking');
    } finally {
      await runner.stop();
    }
  });

  it('skips the transaction of batches it ignores, and writes their checkpoint once, a moment later', async () => {
    const def = bookingsProjectionAs('skipping_bookings');
    const commits: number[] = [];
    await addBookings(env, 1);
    const runner = startProjection(def, {
      pool: env.pool,
      store: env.store,
      idleCheckpointMs: 1500,
      hooks: { afterCommit: (b) => void commits.push(b.events) },
    });
    try {
      await caughtUpOrError(runner);
      const [first] = await addBookings(env, 1);
      await waitFor(async () => (await env.pool.query('SELECT 1 FROM skipping_bookings WHERE id = $1', [first])).rowCount === 1, 10_000, 'the booking applied');
      await waitFor(async () => (await projectionState(env.pool, def.name))?.checkpoint === runner.status().checkpoint, 5_000, 'the checkpoint');
      const committed = commits.length;
      const received = runner.status().eventsApplied;
      const before = (await projectionState(env.pool, def.name))!.checkpoint;

      // Five events the projection ignores, one append (one batch) each, within the interval: no transaction.
      let last = '';
      for (let i = 0; i < 5; i++) {
        last = (await env.store.append(`ignored-${randomUUID()}`, [{ id: randomUUID(), type: 'NotABookingEvent', schemaVersion: 1, data: {}, metadata: { correlationId: 'c' } }], { expectedVersion: 'no_stream' })).checkpoint;
      }
      await waitForVisible(env.store, last);
      await waitFor(() => runner.status().eventsApplied >= received + 5, 5_000, 'the ignored events received');
      expect(commits.length).toBe(committed);
      expect((await projectionState(env.pool, def.name))!.checkpoint).toBe(before);

      // Then one deferred write of the last one's checkpoint.
      await waitFor(async () => (await projectionState(env.pool, def.name))!.checkpoint === last, 5_000, 'the deferred checkpoint');
      // The hook runs once the COMMIT's answer is back, a moment after another connection can see what it wrote.
      await waitFor(() => commits.length > committed, 5_000, 'the deferred write reported');
      expect(commits.slice(committed)).toEqual([0]);

      // A batch it applies commits at once, carrying the checkpoint.
      const [next] = await addBookings(env, 1);
      await waitFor(async () => (await env.pool.query('SELECT 1 FROM skipping_bookings WHERE id = $1', [next])).rowCount === 1, 5_000, 'the next booking');
      await waitFor(() => commits.length > committed + 1, 5_000, 'the batch reported');
      expect(commits.slice(committed)).toEqual([0, 1]);
    } finally {
      await runner.stop();
    }
  });

  it('live, a lone event is applied at once and those appended during minBatchIntervalMs go together in the next batch', async () => {
    const def = bookingsProjectionAs('paced_bookings');
    const commits: number[] = [];
    await addBookings(env, 1); // the catch-up ends with a batch that writes: no pause follows it either
    const runner = startProjection(def, { pool: env.pool, store: env.store, minBatchIntervalMs: 4000, hooks: { afterCommit: (b) => void commits.push(b.events) } });
    try {
      await caughtUpOrError(runner);
      const appliedAfterCatchUp = commits.length;
      const started = Date.now();
      const [lone] = await addBookings(env, 1);
      await waitFor(async () => (await env.pool.query('SELECT 1 FROM paced_bookings WHERE id = $1', [lone])).rowCount === 1, 5_000, 'the lone booking');
      expect(Date.now() - started).toBeLessThan(4000); // not held back by the interval
      // Three more, one append each, inside the pause that follows that batch: one batch of three.
      const more = await addBookings(env, 3);
      await waitFor(async () => (await env.pool.query('SELECT 1 FROM paced_bookings WHERE id = ANY($1::uuid[])', [more])).rowCount === 3, 10_000, 'the three bookings');
      expect(commits.slice(appliedAfterCatchUp)).toEqual([1, 3]);
    } finally {
      await runner.stop();
    }
  });

  it('runs one instance per projection: a standby waits for the advisory lock and takes over', async () => {
    const def = bookingsProjectionAs('locked_bookings');
    await addBookings(env, 3);
    const first = startProjection(def, { pool: env.pool, store: env.store, lockRetryMs: 50 });
    await caughtUpOrError(first);
    const second = startProjection(def, { pool: env.pool, store: env.store, lockRetryMs: 50 });
    await new Promise((r) => setTimeout(r, 300));
    expect(second.status()).toMatchObject({ state: 'waiting-for-lock', holdsLock: false, eventsApplied: 0 });
    expect(first.status()).toMatchObject({ holdsLock: true });

    const more = await addBookings(env, 4);
    await waitFor(async () => (await env.pool.query('SELECT 1 FROM locked_bookings WHERE id = $1', [more.at(-1)])).rowCount === 1, 10_000, 'the holder to apply');
    expect(second.status().eventsApplied).toBe(0);

    await first.stop();
    expect(first.status()).toMatchObject({ state: 'stopped', holdsLock: false });
    await caughtUpOrError(second);
    expect(second.status().holdsLock).toBe(true);
    const last = await addBookings(env, 2);
    // The row is visible once its batch commits, the counter only once the runner has heard the COMMIT back: wait for both.
    await waitFor(
      async () => second.status().eventsApplied >= 2 && (await env.pool.query('SELECT 1 FROM locked_bookings WHERE id = $1', [last.at(-1)])).rowCount === 1,
      10_000,
      'the standby to apply',
    );
    await second.stop();

    const total = (await env.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM locked_bookings`)).rows[0]!.n;
    let requested = 0;
    for (let after: string | null = null; ; ) {
      const page = await env.store.readAll({ after, limit: 1000 });
      requested += page.events.filter((e) => e.type === 'BookingRequested').length;
      after = page.checkpoint;
      if (page.isEnd) break;
    }
    expect(total).toBe(requested); // every booking exactly once
    expect((await projectionState(env.pool, 'locked_bookings'))?.checkpoint).toBe(await env.store.headCheckpoint());
  });

  it('shares one lock connection between runners: still one instance per projection, and a lost connection is taken back', async () => {
    const locks = createLockSession(env.pool);
    const a = bookingsProjectionAs('shared_lock_a');
    const b = bookingsProjectionAs('shared_lock_b');
    await addBookings(env, 2);
    const runA = startProjection(a, { pool: env.pool, store: env.store, lockRetryMs: 50, locks });
    const runB = startProjection(b, { pool: env.pool, store: env.store, lockRetryMs: 50, locks });
    // A second runner of projection a in the same process and session must not get a (PostgreSQL's locks are re-entrant).
    const twinA = startProjection(a, { pool: env.pool, store: env.store, lockRetryMs: 50, locks });
    await caughtUpOrError(runA);
    await caughtUpOrError(runB);
    await new Promise((r) => setTimeout(r, 300));
    expect([runA.status().holdsLock, runB.status().holdsLock, twinA.status().holdsLock]).toEqual([true, true, false]);
    const lockConnections = async () =>
      (
        await env.pool.query<{ pid: number }>(
          `SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid AND objid IN ((hashtext($2)::bigint & 4294967295)::text::oid, (hashtext($3)::bigint & 4294967295)::text::oid)`,
          [LOCK_NS.runner, a.name, b.name],
        )
      ).rows.map((r) => r.pid);
    const pids = await lockConnections();
    expect(pids).toHaveLength(1);

    // The lock connection dies: both runners lose their lock, take it again on a new connection and keep applying.
    await env.pool.query('SELECT pg_terminate_backend($1)', [pids[0]]);
    await waitFor(async () => (await lockConnections()).length === 1 && (await lockConnections())[0] !== pids[0], 10_000, 'the locks to be taken again');
    const more = await addBookings(env, 2);
    for (const table of ['shared_lock_a', 'shared_lock_b']) {
      await waitFor(async () => (await env.pool.query(`SELECT 1 FROM ${table} WHERE id = $1`, [more.at(-1)])).rowCount === 1, 10_000, `${table} to apply`);
    }
    expect(runA.status().holdsLock || twinA.status().holdsLock).toBe(true);
    expect(runA.status().holdsLock && twinA.status().holdsLock).toBe(false);
    await Promise.all([runA.stop(), runB.stop(), twinA.stop()]);
    // Stopped runners give their locks back; the session stays for the process's other runners until closed.
    expect(await lockConnections()).toEqual([]);
    await locks.close();
  });

  it('a version bump builds a new generation, swaps the view and drops the old tables', async () => {
    const v1 = bookingsProjectionAs('versioned_bookings');
    const r1 = startProjection(v1, { pool: env.pool, store: env.store });
    await caughtUpOrError(r1);
    await r1.stop();
    const s1 = (await projectionState(env.pool, 'versioned_bookings'))!;
    expect(s1).toMatchObject({ version: v1.version, status: 'live' });
    expect(await viewTarget(env.pool, 'versioned_bookings')).toContain(`rm_versioned_bookings_g${s1.generation}`);
    const rowsV1 = await allRows(env.pool, 'versioned_bookings');
    expect(rowsV1.length).toBeGreaterThan(0);

    const v2: ProjectionDefinition = { ...v1, version: v1.version + 1 };
    const r2 = startProjection(v2, { pool: env.pool, store: env.store });
    await caughtUpOrError(r2);
    expect(r2.status()).toMatchObject({ generation: s1.generation + 1, state: 'live' });
    const s2 = (await projectionState(env.pool, 'versioned_bookings'))!;
    expect(s2).toMatchObject({ version: v2.version, generation: s1.generation + 1, status: 'live', checkpoint: await env.store.headCheckpoint() });
    expect(await viewTarget(env.pool, 'versioned_bookings')).toContain(`rm_versioned_bookings_g${s2.generation}`);
    expect(await tableExists(env.pool, `rm_versioned_bookings_g${s1.generation}`)).toBe(false);
    expect(await allRows(env.pool, 'versioned_bookings')).toEqual(rowsV1);

    // …and keeps working live on the new generation.
    const [id] = await addBookings(env, 1);
    await waitFor(async () => (await env.pool.query('SELECT 1 FROM versioned_bookings WHERE id = $1', [id])).rowCount === 1, 10_000, 'live apply after the bump');
    await r2.stop();

    // Older code meets a newer registry version: it refuses instead of rebuilding backwards.
    const old = startProjection(v1, { pool: env.pool, store: env.store });
    await waitFor(() => old.status().state === 'superseded', 10_000, 'the old runner to step back');
    expect(old.status()).toMatchObject({ holdsLock: false, eventsApplied: 0 });
    expect(old.status().lastError).toMatch(/newer code/);
    await old.stop();
    expect((await projectionState(env.pool, 'versioned_bookings'))?.version).toBe(v2.version);
  });
});

describe('rebuild while live on external PostgreSQL', () => {
  let env: ProjectionTestEnv;
  beforeAll(async () => {
    env = await openProjectionTestEnv('external');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('the live runner keeps serving during a rebuild; after the swap no event is lost or doubled', async () => {
    // History before the rebuild starts.
    const seed = await addBookings(env, 150);
    for (const id of seed.slice(0, 100)) {
      await env.store.append(bookingStreamId(id), [bookingStatusEvent(id, 'confirmed', '2030-06-02T10:00:00.000Z')], { expectedVersion: 0 });
    }
    const tally = startProjection(eventTallyProjection, { pool: env.pool, store: env.store, batchSize: 20 });
    const live = startProjection(bookingsProjection, { pool: env.pool, store: env.store, batchSize: 20 });
    await Promise.all([caughtUpOrError(tally), caughtUpOrError(live)]);

    // A writer that keeps appending (new bookings and status changes) during the whole rebuild.
    let writing = true;
    let written = 0;
    let lastWritten = '';
    const note = (cp: string) => {
      if (!lastWritten || env.store.compareCheckpoints(cp, lastWritten) > 0) lastWritten = cp;
    };
    const writer = (async () => {
      let i = 0;
      while (writing) {
        const id = randomUUID();
        const events: NewEvent[] = [bookingRequested(id, { name: `live ${i}` })];
        if (i % 2 === 0) events.push(bookingStatusEvent(id, 'confirmed', '2030-06-03T10:00:00.000Z'));
        note((await env.store.append(bookingStreamId(id), events, { expectedVersion: 'no_stream' })).checkpoint);
        if (i % 3 === 0) note((await env.store.append(bookingStreamId(seed[i % seed.length]!), [bookingStatusEvent(seed[i % seed.length]!, 'cancelled', '2030-06-04T10:00:00.000Z')], { expectedVersion: 'any' })).checkpoint);
        written++;
        i++;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const progress: [number, number][] = [];
    const oldGen = (await projectionState(env.pool, 'event_tally'))!.generation;
    const rebuilds = await Promise.all(
      [eventTallyProjection, bookingsProjection].map((def) =>
        rebuildProjection(def, {
          pool: env.pool,
          store: env.store,
          batchSize: 50,
          onProgress: (done, total) => {
            if (def === eventTallyProjection) progress.push([done, total]);
          },
          beforeSwap: async () => {
            // The live runner still applies to the old generation while the new one waits for its swap.
            const appliedBefore = live.status().eventsApplied;
            const tallyBefore = tally.status().eventsApplied;
            await waitFor(() => live.status().eventsApplied > appliedBefore && tally.status().eventsApplied > tallyBefore, 10_000, 'live progress during the rebuild');
            expect(await viewTarget(env.pool, def.name)).toContain(`_g${oldGen}`);
          },
        }),
      ),
    );
    // Keep writing a little after the swap, then stop and let the live runners catch up.
    const writtenAtSwap = written;
    await waitFor(() => written > writtenAtSwap + 20, 10_000, 'writes after the swap');
    writing = false;
    await writer;

    for (const [i, def] of [eventTallyProjection, bookingsProjection].entries()) {
      expect(rebuilds[i]!.generation).toBe(oldGen + 1);
      expect(await viewTarget(env.pool, def.name)).toContain(`_g${oldGen + 1}`);
      expect(await tableExists(env.pool, `rm_${def.name}_g${oldGen}`)).toBe(false);
    }
    const last = progress.at(-1)!;
    expect(last[0]).toBe(last[1]);
    expect(progress.length).toBeGreaterThan(3);

    await waitForVisible(env.store, lastWritten);
    const head = await env.store.headCheckpoint();
    await waitFor(async () => (await projectionState(env.pool, 'event_tally'))?.checkpoint === head && (await projectionState(env.pool, 'bookings'))?.checkpoint === head, 15_000, 'the live runners to reach the head');
    expect(tally.status().generation).toBe(oldGen + 1);
    expect(live.status().generation).toBe(oldGen + 1);
    await Promise.all([tally.stop(), live.stop()]);

    // Exactly once: every event of the store once in the tally, none twice, none missing.
    const all: string[] = [];
    for (let after: string | null = null; ; ) {
      const page = await env.store.readAll({ after, limit: 5000 });
      all.push(...page.events.map((e) => e.id));
      after = page.checkpoint;
      if (page.isEnd) break;
    }
    const { rows } = await env.pool.query<{ n: number; distinct_n: number }>('SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS distinct_n FROM event_tally');
    expect(rows[0]).toEqual({ n: all.length, distinct_n: all.length });
    const { rows: ids } = await env.pool.query<{ event_id: string }>('SELECT event_id FROM event_tally');
    expect(new Set(ids.map((r) => r.event_id))).toEqual(new Set(all));

    // The bookings rows equal a clean rebuild's.
    const liveRows = await allRows(env.pool, 'bookings');
    await rebuildProjection(bookingsProjection, { pool: env.pool, store: env.store });
    expect(await allRows(env.pool, 'bookings')).toEqual(liveRows);
  });
});
