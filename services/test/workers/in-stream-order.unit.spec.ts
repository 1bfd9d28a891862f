import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@crm/contracts';
import { forEachInStreamOrder } from '../../../workers/src/reactors/in-stream-order.ts';

const ev = (streamId: string, n: number): RecordedEvent => ({
  id: `${streamId}-${n}`,
  type: 'T',
  schemaVersion: 1,
  data: {},
  metadata: { correlationId: 'c' },
  streamId,
  streamVersion: n,
  checkpoint: `1:${n}`,
  timestamp: new Date(),
});
const tick = () => new Promise((r) => setTimeout(r, 1));

describe('forEachInStreamOrder', () => {
  it('keeps each stream in order, runs up to `concurrency` streams at once, and handles every event once', async () => {
    const events = [ev('a', 0), ev('b', 0), ev('a', 1), ev('c', 0), ev('b', 1), ev('d', 0), ev('a', 2)];
    const seen: string[] = [];
    let running = 0;
    let most = 0;
    await forEachInStreamOrder(events, 2, async (e) => {
      running++;
      most = Math.max(most, running);
      await tick();
      seen.push(e.id);
      running--;
    });
    expect([...seen].sort()).toEqual(events.map((e) => e.id).sort());
    for (const s of ['a', 'b']) expect(seen.filter((id) => id.startsWith(s))).toEqual(events.filter((e) => e.streamId === s).map((e) => e.id));
    expect(most).toBe(2);
  });

  it('throws the first error after the running streams end, and starts no other stream', async () => {
    const events = [ev('a', 0), ev('b', 0), ev('c', 0), ev('d', 0)];
    const seen: string[] = [];
    const failure = new Error('enqueue failed');
    await expect(
      forEachInStreamOrder(events, 2, async (e) => {
        await tick();
        if (e.id === 'a-0') throw failure;
        seen.push(e.id);
      }),
    ).rejects.toBe(failure);
    expect(seen).toEqual(['b-0']);
  });
});
