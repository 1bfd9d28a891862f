/**
 * The Slack reactor reads Slack's state from its stream once and keeps it across batches: again only after an
 * Integration* event passes (or when the instance takes the lead, `reset`), and posts what the state enables.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type EventStore, type RecordedEvent, integrationStreamId } from '@crm/contracts';
import { type AppQueue, SLACK_REACTOR, type SlackNotifyJob, silentLogger, slackNotifyReactor } from '@crm/workers';

let position = 0;
const recorded = (type: string, data: unknown, streamId = 'booking-x'): RecordedEvent =>
  ({
    id: `ev-${++position}`,
    type,
    data,
    streamId,
    streamVersion: 0,
    schemaVersion: 1,
    metadata: {},
    timestamp: new Date('2026-11-20T08:00:00.000Z'),
    checkpoint: String(position),
  }) as unknown as RecordedEvent;

const booking = (n: number) =>
  recorded('BookingRequested', {
    bookingId: `5f1c2d3e-4b5a-4c6d-8e7f-90${String(n).padStart(10, '0')}`,
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    company: null,
    phone: null,
    meetingType: 'demo',
    preferredDate: '2026-12-01',
    preferredTime: '10:00',
    timeZone: 'Europe/Paris',
    startsAt: '2026-12-01T09:00:00.000Z',
    durationMinutes: 30,
    message: null,
    requestedAt: '2026-11-20T08:00:00.000Z',
    locale: 'en',
  });

function setup() {
  const slackStream: RecordedEvent[] = [];
  let reads = 0;
  const store = {
    async readStream(id: string) {
      if (id === integrationStreamId('slack')) reads += 1;
      return id === integrationStreamId('slack') ? [...slackStream] : [];
    },
  } as unknown as EventStore;
  const added: string[] = [];
  const queue = {
    async add(_name: string, data: SlackNotifyJob) {
      added.push(data.eventId);
    },
  } as unknown as AppQueue<SlackNotifyJob>;
  const reactor = slackNotifyReactor({ store, pool: {} as pg.Pool, queue, log: silentLogger });
  /** Appends to Slack's stream and returns the event as the reactor will see it. */
  const slackEvent = (type: string, data: unknown = {}) => {
    const e = recorded(type, data, integrationStreamId('slack'));
    slackStream.push(e);
    return e;
  };
  return { reactor, slackEvent, added, reads: () => reads };
}

describe('Slack reactor', () => {
  it('reads Slack state once while nothing changes it, again after an Integration* event and after reset', async () => {
    const { reactor, slackEvent, added, reads } = setup();
    expect(reactor.name).toBe(SLACK_REACTOR);

    await reactor.handle([booking(1), booking(2)]);
    await reactor.handle([booking(3)]);
    expect(reads()).toBe(1);
    expect(added).toEqual([]);

    // Slack turned on for booking requests: the events pass here, so the next booking reads the new state.
    const on = [slackEvent('IntegrationActivated'), slackEvent('IntegrationConfigured', { settings: { events: ['booking.requested'] } })];
    const b4 = booking(4);
    await reactor.handle([...on, b4]);
    expect(reads()).toBe(2);
    expect(added).toEqual([b4.id]);

    const b5 = booking(5);
    await reactor.handle([b5]);
    expect(reads()).toBe(2);
    expect(added).toEqual([b4.id, b5.id]);

    // A new lead drops the kept state (another instance may have handled Slack's events meanwhile).
    reactor.reset?.();
    const b6 = booking(6);
    await reactor.handle([b6]);
    expect(reads()).toBe(3);
    expect(added).toEqual([b4.id, b5.id, b6.id]);
  });

  it('reads nothing for a batch without publishable events', async () => {
    const { reactor, reads } = setup();
    await reactor.handle([recorded('UserLoggedIn', {}), recorded('SomethingInternal', {})]);
    expect(reads()).toBe(0);
  });
});
