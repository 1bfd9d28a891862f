/**
 * handleCommand with a command made from the stream's state (CommandFromState): the stream is read once for the
 * state and the command, and a concurrent append makes it read again and make the command again on the fresh state.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerStreamId, type CrmActor, type CustomerEvent } from '@crm/contracts';
import { customerDecider, type CustomerCommand, type CustomerState } from '../../src/customers/customer.decider.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres-event-store.ts';
import { handleCommand } from '../../src/platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/db.ts';

let db: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
const managerId = randomUUID();
const manager: CrmActor = { userId: managerId, scope: 'all' };
const ctx = { now: new Date(), userId: managerId, metadata: { correlationId: 'test', userId: managerId, causationId: null } };

beforeAll(async () => {
  db = await createTestDatabase('external');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  // A client the test database's drop (WITH FORCE) terminates while it closes must not be an uncaught error.
  pool.on('error', () => {});
  await PostgresEventStore.migrate(pool);
  store = new PostgresEventStore(pool, db.url, { pollIntervalMs: 100 });
});
afterAll(async () => {
  await store?.close();
  await pool?.end();
  await db?.drop();
});

/** A deleted customer's stream (created, deleted). */
async function deletedCustomer(): Promise<string> {
  const customerId = randomUUID();
  const at = ctx.now.toISOString();
  const events: CustomerEvent[] = [
    {
      type: 'CustomerCreated',
      data: {
        customerId, name: 'Ada Lovelace', email: 'ada@example.com', phone: null, company: null, website: null, address: null, city: null, country: null,
        industry: 'Technology', leadSource: 'referral', notes: null, status: 'lead', leadScore: 40, assignedTo: null, tags: [], createdAt: at, createdBy: managerId,
      },
    },
    { type: 'CustomerDeleted', data: { customerId, deletedAt: at, deletedBy: managerId } },
  ];
  await store.append(customerStreamId(customerId), events.map((e) => ({ id: randomUUID(), ...e, schemaVersion: 1, metadata: ctx.metadata })), { expectedVersion: 'no_stream' });
  return customerId;
}

/** The store, counting its stream reads. */
function countingReads(): { store: PostgresEventStore; reads: () => number } {
  let reads = 0;
  const counted = Object.create(store) as PostgresEventStore;
  counted.readStream = (...args) => {
    reads++;
    return store.readStream(...args);
  };
  return { store: counted, reads: () => reads };
}

it('makes the command from the state it read, reading the stream once', async () => {
  const customerId = await deletedCustomer();
  const seen: CustomerState[] = [];
  const { store: counted, reads } = countingReads();
  const result = await handleCommand(counted, customerStreamId(customerId), customerDecider, (state): CustomerCommand => {
    seen.push(state);
    return { type: 'RestoreCustomer', customerId, actor: manager, emailHeldBy: null };
  }, ctx);
  expect(result.events.map((e) => e.type)).toEqual(['CustomerRestored']);
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ exists: true, deleted: true, profile: { email: 'ada@example.com' } });
  expect(reads()).toBe(1);
});

it('makes the command again from the fresh state when a concurrent append wins', async () => {
  const customerId = await deletedCustomer();
  const seen: CustomerState[] = [];
  const result = await handleCommand(store, customerStreamId(customerId), customerDecider, async (state): Promise<CustomerCommand> => {
    seen.push(state);
    if (seen.length === 1) {
      // Another writer appends between this command's read and its append (a second deletion record, say).
      const at = new Date().toISOString();
      await store.append(customerStreamId(customerId), [{ id: randomUUID(), type: 'CustomerDeleted', schemaVersion: 1, data: { customerId, deletedAt: at, deletedBy: managerId }, metadata: ctx.metadata }], { expectedVersion: 1 });
    }
    return { type: 'RestoreCustomer', customerId, actor: manager, emailHeldBy: null };
  }, ctx);
  expect(seen).toHaveLength(2);
  expect(result.history).toHaveLength(3);
  expect((await store.readStream(customerStreamId(customerId))).map((e) => e.type)).toEqual(['CustomerCreated', 'CustomerDeleted', 'CustomerDeleted', 'CustomerRestored']);
});
