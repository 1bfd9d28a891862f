import type { RecordedEvent } from '@crm/contracts';
import { forEachConcurrently } from '../platform/concurrently.ts';

/**
 * Runs `fn` for every event of a reactor batch: one after the other within a stream (a booking's request
 * before its confirmation), up to `concurrency` streams at a time. A reactor whose handling is a round trip
 * per event (a BullMQ add is one transaction, a WAL flush) otherwise handles a batch at one flush per event.
 * After a failure no further stream starts; the first error is thrown once the running ones end (the batch is
 * then retried as a whole: handlers are idempotent).
 */
export async function forEachInStreamOrder(
  events: readonly RecordedEvent[],
  concurrency: number,
  fn: (event: RecordedEvent) => Promise<void>,
): Promise<void> {
  const streams = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const list = streams.get(event.streamId);
    if (list) list.push(event);
    else streams.set(event.streamId, [event]);
  }
  await forEachConcurrently([...streams.values()], concurrency, async (stream) => {
    for (const event of stream) await fn(event);
  });
}
