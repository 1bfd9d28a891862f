/**
 * The bookings read model row by row: given booking events, then these rows (projection-spec.ts: the real
 * projection on a real PostgreSQL, all events in one batch and one event per batch).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { bookingStreamId } from '@crm/contracts';
import { bookingsProjection } from '../../src/bookings/bookings.projection.ts';
import { inStream, projectionSpec } from '../support/projection-spec.ts';
import { bookingRequested, bookingStatusEvent } from '../support/projection-fixtures.ts';

const spec = projectionSpec(bookingsProjection);
afterAll(() => spec.close());

const T0 = '2030-06-01T09:00:00.000Z';
const T1 = '2030-06-01T10:00:00.000Z';
const T2 = '2030-06-02T10:00:00.000Z';
const T3 = '2030-06-03T10:00:00.000Z';

describe('bookings projection: given events, then rows', () => {
  it('a booking request is one pending row with every field, its search text and updated_at = created_at', async () => {
    const id = randomUUID();
    await spec
      .given(
        inStream(
          bookingStreamId(id),
          bookingRequested(id, {
            name: 'Zoë Martin',
            email: 'Zoe@Acme.test',
            company: 'ACME Corp',
            phone: '+33 1 23',
            meetingType: 'technical',
            preferredDate: '2030-07-02',
            preferredTime: '14:00',
            message: 'Hello',
            requestedAt: T0,
          }),
        ),
      )
      .then([
        {
          id,
          name: 'Zoë Martin',
          email: 'Zoe@Acme.test',
          company: 'ACME Corp',
          phone: '+33 1 23',
          meeting_type: 'technical',
          preferred_date: '2030-07-02',
          preferred_time: '14:00',
          time_zone: 'UTC',
          starts_at: '2030-07-02T14:00:00.000Z',
          message: 'Hello',
          status: 'pending',
          created_at: T0,
          updated_at: T0,
          search: 'zoë martin zoe@acme.test acme corp',
        },
      ]);
  });

  it('optional fields stay null; the search text has no trace of a missing company', async () => {
    const id = randomUUID();
    await spec
      .given(inStream(bookingStreamId(id), bookingRequested(id, { name: 'Bob', email: 'bob@mail.test', company: null, phone: null, message: null })))
      .then([{ id, company: null, phone: null, message: null, search: 'bob bob@mail.test ' }]);
  });

  it('the latest status change wins and sets updated_at: requested → confirmed → completed', async () => {
    const id = randomUUID();
    await spec
      .given(inStream(bookingStreamId(id), bookingRequested(id, { requestedAt: T0 }), bookingStatusEvent(id, 'confirmed', T1)))
      .when(inStream(bookingStreamId(id), bookingStatusEvent(id, 'completed', T2)))
      .then([{ id, status: 'completed', created_at: T0, updated_at: T2 }]);
  });

  it('a cancelled booking keeps its row, status cancelled', async () => {
    const id = randomUUID();
    await spec
      .given(inStream(bookingStreamId(id), bookingRequested(id, { requestedAt: T0 })))
      .when(inStream(bookingStreamId(id), bookingStatusEvent(id, 'cancelled', T3)))
      .then([{ id, status: 'cancelled', updated_at: T3 }]);
  });

  it('interleaved streams: each booking gets its own history', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await spec
      .given(
        inStream(bookingStreamId(a), bookingRequested(a, { name: 'A', requestedAt: T0 })),
        inStream(bookingStreamId(b), bookingRequested(b, { name: 'B', requestedAt: T1 })),
        inStream(bookingStreamId(a), bookingStatusEvent(a, 'confirmed', T2)),
        inStream(bookingStreamId(b), bookingStatusEvent(b, 'cancelled', T2)),
        inStream(bookingStreamId(a), bookingStatusEvent(a, 'completed', T3)),
      )
      .then([
        { id: a, name: 'A', status: 'completed', updated_at: T3 },
        { id: b, name: 'B', status: 'cancelled', updated_at: T2 },
      ]);
  });

  it('a replayed request changes nothing: the first one made the row', async () => {
    const id = randomUUID();
    await spec
      .given(inStream(bookingStreamId(id), bookingRequested(id, { name: 'First', requestedAt: T0 }), bookingStatusEvent(id, 'confirmed', T1)))
      .when(inStream(bookingStreamId(id), bookingRequested(id, { name: 'Second', requestedAt: T2 })))
      .then([{ id, name: 'First', status: 'confirmed', created_at: T0, updated_at: T1 }]);
  });

  it('a status change of a booking never requested makes no row', async () => {
    const id = randomUUID();
    await spec.given(inStream(bookingStreamId(id), bookingStatusEvent(id, 'confirmed', T1))).then([]);
  });

  it('events of other types are not the projection’s: no row', async () => {
    await spec.given({ streamId: 'other-1', type: 'SomethingElse', data: { x: 1 } }).then([]);
  });
});
