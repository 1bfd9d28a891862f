/**
 * The bookings read model: rows built from booking events, and the admin list query (spec 01, Bookings
 * tab: search, status, meeting type, date range, sort, counters over the filtered set). Both PG setups.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingListInput, type NewEvent, bookingListInput, bookingStreamId } from '@crm/contracts';
import {
  bookingsProjection,
  dateRangeStart,
  getBooking,
  listBookings,
  rebuildProjection,
  startProjection,
} from '@crm/projections';
import { PG_SETUPS } from '../../../test-support/db.ts';
import {
  type ProjectionTestEnv,
  allRows,
  bookingRequested,
  bookingStatusEvent,
  openProjectionTestEnv,
  projectionState,
  waitForVisible,
} from '../support/projection-fixtures.ts';

const NOW = new Date('2030-06-15T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const filter = (f: Partial<BookingListInput> = {}): BookingListInput => bookingListInput.parse(f);

describe.each(PG_SETUPS)('bookings projection on %s PostgreSQL', (setup) => {
  let env: ProjectionTestEnv;
  const alice = randomUUID();
  const bob = randomUUID();
  const carol = randomUUID();
  const dave = randomUUID();
  const eve = randomUUID();

  beforeAll(async () => {
    env = await openProjectionTestEnv(setup);
    const write = (id: string, events: NewEvent[]) => env.store.append(bookingStreamId(id), events, { expectedVersion: 'any' });
    await write(alice, [
      bookingRequested(alice, { name: 'Alice Martin', email: 'alice@acme.test', company: 'Acme Corp', phone: '+33 1 23', meetingType: 'demo', requestedAt: ago(1), message: 'Hello' }),
      bookingStatusEvent(alice, 'confirmed', ago(0.5)),
    ]);
    await write(bob, [bookingRequested(bob, { name: 'bob stone', email: 'bob@mail.test', company: null, meetingType: 'consultation', requestedAt: ago(72) })]);
    await write(carol, [bookingRequested(carol, { name: 'Carol 50%_off', email: 'carol@globex.test', company: 'Globex', meetingType: 'sales', requestedAt: ago(20 * 24) })]);
    await write(dave, [
      bookingRequested(dave, { name: 'Dave', email: 'dave@initech.test', company: 'Initech', meetingType: 'technical', requestedAt: ago(40 * 24) }),
      bookingStatusEvent(dave, 'confirmed', ago(39 * 24)),
    ]);
    // 23:30 UTC the day before: "today" in Paris (UTC+2), not in UTC.
    await write(eve, [bookingRequested(eve, { name: 'Eve', email: 'eve@umbrella.test', company: 'Umbrella', meetingType: 'partnership', requestedAt: '2030-06-14T23:30:00.000Z' })]);
    // Later events in other batches: completion and cancellation.
    await write(alice, [bookingStatusEvent(alice, 'completed', ago(0.25))]);
    await write(bob, [bookingStatusEvent(bob, 'cancelled', ago(70))]);
    // Events of other types are ignored.
    const last = await env.store.append('other-1', [{ id: randomUUID(), type: 'SomethingElse', schemaVersion: 1, data: { x: 1 }, metadata: { correlationId: 'c' } }], {
      expectedVersion: 'any',
    });
    // Visibility follows the whole cluster's oldest open transaction (other test files share it):
    // wait until our events are readable, or "caught up" could mean caught up with less.
    await waitForVisible(env.store, last.checkpoint);

    const runner = startProjection(bookingsProjection, { pool: env.pool, store: env.store, batchSize: 3 });
    await runner.caughtUp;
    await runner.stop();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('builds one row per booking with its latest status (requested → confirmed → completed; cancelled)', async () => {
    const a = await getBooking(env.pool, alice);
    expect(a).toEqual({
      id: alice,
      name: 'Alice Martin',
      email: 'alice@acme.test',
      company: 'Acme Corp',
      phone: '+33 1 23',
      meetingType: 'demo',
      preferredDate: '2030-07-01',
      preferredTime: '10:00',
      timeZone: 'UTC',
      startsAt: '2030-07-01T10:00:00.000Z',
      message: 'Hello',
      status: 'completed',
      createdAt: ago(1),
      updatedAt: ago(0.25),
    });
    expect(await getBooking(env.pool, bob)).toMatchObject({ status: 'cancelled', company: null, updatedAt: ago(70) });
    expect(await getBooking(env.pool, carol)).toMatchObject({ status: 'pending', updatedAt: ago(20 * 24) });
    expect(await getBooking(env.pool, dave)).toMatchObject({ status: 'confirmed' });
    expect(await getBooking(env.pool, randomUUID())).toBeNull();
    expect(await getBooking(env.pool, 'not-a-uuid')).toBeNull();
    const { rows } = await env.pool.query<{ search: string }>('SELECT search FROM bookings WHERE id = $1', [alice]);
    expect(rows[0]!.search).toBe('alice martin alice@acme.test acme corp');
    expect((await projectionState(env.pool, 'bookings'))?.checkpoint).toBe(await env.store.headCheckpoint());
  });

  it('indexes status, creation time and the search text (pg_trgm GIN on both setups)', async () => {
    const { rows } = await env.pool.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'rm_bookings_g1' ORDER BY indexname`);
    const defs = rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/\(status, created_at DESC\)/);
    expect(defs).toMatch(/\(created_at DESC\)/);
    expect(defs).toMatch(/USING gin \(search gin_trgm_ops\)/);
    expect(defs).toMatch(/\(\(id\)::text\) text_pattern_ops/);
  });

  it('batches of 3 and a one-batch rebuild give identical rows', async () => {
    const before = await allRows(env.pool, 'bookings');
    const result = await rebuildProjection(bookingsProjection, { pool: env.pool, store: env.store, batchSize: 1000 });
    expect(result.generation).toBe(2);
    expect(await allRows(env.pool, 'bookings')).toEqual(before);
  });

  it('a rebuild in batches of 2 gives identical rows (two batches in flight: a status change updates a row the batch before COPYed)', async () => {
    const before = await allRows(env.pool, 'bookings');
    await rebuildProjection(bookingsProjection, { pool: env.pool, store: env.store, batchSize: 2 });
    expect(await allRows(env.pool, 'bookings')).toEqual(before);
  });

  it('a batch that fails while the one before is in flight fails the rebuild: its tables are dropped, the live generation serves on', async () => {
    const before = await allRows(env.pool, 'bookings');
    const live = (await projectionState(env.pool, 'bookings'))!.generation;
    let batches = 0;
    const failing: typeof bookingsProjection = {
      ...bookingsProjection,
      async apply(client, events, tables) {
        if (++batches === 3) throw new Error('batch 3 failed');
        await bookingsProjection.apply(client, events, tables);
      },
    };
    await expect(rebuildProjection(failing, { pool: env.pool, store: env.store, batchSize: 2 })).rejects.toThrow('batch 3 failed');
    expect(await allRows(env.pool, 'bookings')).toEqual(before);
    expect(await projectionState(env.pool, 'bookings')).toMatchObject({ generation: live, status: 'live' });
    const { rows } = await env.pool.query<{ relname: string }>(`SELECT relname FROM pg_class WHERE relname LIKE 'rm\\_bookings\\_g%' AND relkind = 'r'`);
    expect(rows.map((r) => r.relname)).toEqual([`rm_bookings_g${live}`]);
  });

  it('lists newest first with counters over everything by default', async () => {
    const r = await listBookings(env.pool, filter(), NOW);
    expect(r.bookings.map((b) => b.id)).toEqual([alice, eve, bob, carol, dave]);
    expect(r.counts).toEqual({ total: 5, pending: 2, confirmed: 1, completed: 1 });
  });

  it('searches name, email and company anywhere and the id by prefix, case-insensitively, wildcards literal', async () => {
    const ids = async (search: string) => (await listBookings(env.pool, filter({ search }), NOW)).bookings.map((b) => b.id);
    expect(await ids('ALICE')).toEqual([alice]);
    expect(await ids('globex.test')).toEqual([carol]);
    expect(await ids('initech')).toEqual([dave]);
    expect(await ids(eve.slice(0, 8).toUpperCase())).toEqual([eve]);
    expect(await ids(eve)).toEqual([eve]);
    expect(await ids('50%_')).toEqual([carol]);
    expect(await ids('%')).toEqual([carol]);
    expect(await ids('%%')).toEqual([]);
    expect(await ids('a%e')).toEqual([]);
    expect(await ids('_')).toEqual([carol]);
    expect(await ids('nobody')).toEqual([]);
  });

  it('filters by status and meeting type; counters follow the filtered set', async () => {
    const pending = await listBookings(env.pool, filter({ status: 'pending' }), NOW);
    expect(pending.bookings.map((b) => b.id)).toEqual([eve, carol]);
    expect(pending.counts).toEqual({ total: 2, pending: 2, confirmed: 0, completed: 0 });
    const cancelled = await listBookings(env.pool, filter({ status: 'cancelled' }), NOW);
    expect(cancelled.bookings.map((b) => b.id)).toEqual([bob]);
    expect(cancelled.counts).toEqual({ total: 1, pending: 0, confirmed: 0, completed: 0 });
    const tech = await listBookings(env.pool, filter({ meetingType: 'technical' }), NOW);
    expect(tech.bookings.map((b) => b.id)).toEqual([dave]);
    expect(tech.counts).toEqual({ total: 1, pending: 0, confirmed: 1, completed: 0 });
    const none = await listBookings(env.pool, filter({ meetingType: 'demo', status: 'pending' }), NOW);
    expect(none).toEqual({ bookings: [], counts: { total: 0, pending: 0, confirmed: 0, completed: 0 }, page: 1, pageSize: 50 });
  });

  it('filters by date range in calendar days since creation (today, last 7, last 30)', async () => {
    const ids = async (dateRange: BookingListInput['dateRange'], timeZone?: string) =>
      (await listBookings(env.pool, filter({ dateRange }), NOW, timeZone ? { timeZone } : {})).bookings.map((b) => b.id);
    expect(await ids('today')).toEqual([alice]);
    expect(await ids('today', 'Europe/Paris')).toEqual([alice, eve]);
    expect(await ids('week')).toEqual([alice, eve, bob]);
    expect(await ids('month')).toEqual([alice, eve, bob, carol]);
    expect(await ids('all')).toHaveLength(5);
    expect(dateRangeStart('week', NOW)?.toISOString()).toBe('2030-06-09T00:00:00.000Z');
    expect(dateRangeStart('today', NOW, 'Europe/Paris')?.toISOString()).toBe('2030-06-14T22:00:00.000Z');
  });

  it('pages through the sorted list; counters cover the whole filtered set on every page', async () => {
    const all = (await listBookings(env.pool, filter({ sortBy: 'name' }), NOW)).bookings.map((b) => b.id);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const result = await listBookings(env.pool, filter({ sortBy: 'name', page, pageSize: 2 }), NOW);
      expect(result).toMatchObject({ page, pageSize: 2, counts: { total: 5 } });
      pages.push(...result.bookings.map((b) => b.id));
    }
    expect(pages).toEqual(all);
    const past = await listBookings(env.pool, filter({ page: 9, pageSize: 2 }), NOW);
    expect(past.bookings).toEqual([]);
    expect(past.counts).toEqual({ total: 5, pending: 2, confirmed: 1, completed: 1 });
  });

  it('sorts by oldest, name (case-insensitive) and status', async () => {
    const ids = async (sortBy: BookingListInput['sortBy']) => (await listBookings(env.pool, filter({ sortBy }), NOW)).bookings.map((b) => b.id);
    expect(await ids('oldest')).toEqual([dave, carol, bob, eve, alice]);
    expect(await ids('name')).toEqual([alice, bob, carol, dave, eve]);
    // cancelled, completed, confirmed, pending (newest first within a status)
    expect(await ids('status')).toEqual([bob, alice, dave, eve, carol]);
  });
});
