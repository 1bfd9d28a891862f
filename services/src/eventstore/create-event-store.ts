import type pg from 'pg';
import type { EventStore } from '@crm/contracts';
import { PostgresEventStore } from './postgres-event-store.ts';

/** The one place that picks the event store adapter: EventStoreDB when a URL is given, else PostgreSQL. */
export async function createEventStore(options: {
  eventStoreUrl: string | null;
  pool: pg.Pool;
  databaseUrl: string;
  /** PostgreSQL store: least time between two reads of new events (PostgresEventStoreOptions.tailReadIntervalMs). */
  readIntervalMs?: number;
  /** PostgreSQL store: least time between two NOTIFYs after appends (PostgresEventStoreOptions.notifyIntervalMs). */
  notifyIntervalMs?: number;
}): Promise<EventStore> {
  if (options.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store.ts');
    return EventStoreDbEventStore.connect(options.eventStoreUrl);
  }
  await PostgresEventStore.migrate(options.pool);
  return new PostgresEventStore(options.pool, options.databaseUrl, {
    tailReadIntervalMs: options.readIntervalMs,
    notifyIntervalMs: options.notifyIntervalMs,
  });
}
