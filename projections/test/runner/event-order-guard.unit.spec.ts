/**
 * The runner and the rebuild refuse a batch the store delivers out of global order (instead of moving
 * the checkpoint past events they never applied).
 */
import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@crm/contracts';
import { EventOrderError, assertInOrder } from '@crm/projections';

const store = {
  compareCheckpoints(a: string, b: string) {
    const [ta, pa] = a.split(':').map(BigInt) as [bigint, bigint];
    const [tb, pb] = b.split(':').map(BigInt) as [bigint, bigint];
    return ta !== tb ? (ta < tb ? -1 : 1) : pa === pb ? 0 : pa < pb ? -1 : 1;
  },
} as Pick<EventStore, 'compareCheckpoints'> as EventStore;

const ev = (checkpoint: string) => ({ id: checkpoint, checkpoint }) as RecordedEvent;

describe('assertInOrder', () => {
  it('accepts strictly increasing checkpoints after the start', () => {
    expect(() => assertInOrder(store, null, [ev('9999:1'), ev('10000:2'), ev('10000:3')])).not.toThrow();
    expect(() => assertInOrder(store, '9999:1', [ev('10000:2')])).not.toThrow();
    expect(() => assertInOrder(store, '9999:1', [])).not.toThrow();
  });

  it('rejects a batch in text order instead of numeric order, or a repeat', () => {
    expect(() => assertInOrder(store, null, [ev('10000:2'), ev('9999:1')])).toThrow(EventOrderError);
    expect(() => assertInOrder(store, '10000:2', [ev('9999:1')])).toThrow(/out of global order/);
    expect(() => assertInOrder(store, '10000:2', [ev('10000:2')])).toThrow(EventOrderError);
  });
});
