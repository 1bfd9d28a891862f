/**
 * The event store contract against the EventStoreDB adapter. Runs when an EventStoreDB is reachable:
 * - `EVENTSTORE_URL` (an esdb:// connection string, e.g. `esdb://127.0.0.1:2113?tls=false`), or
 * - a container of `eventstore/eventstore:24.10` (insecure, in-memory) started through testcontainers.
 * Otherwise it says so (console.warn) and registers one skipped test whose title carries the reason:
 * never a silent pass. (No Docker engine runs on the development machines, see STACK.md.)
 */
import { afterAll, describe, it } from 'vitest';
import { EventStoreDbEventStore } from '../../src/eventstore/eventstoredb-event-store.ts';
import { eventStoreContract } from './event-store.contract.ts';

type Testcontainers = typeof import('testcontainers'); // eslint-disable-line @typescript-eslint/consistent-type-imports -- loaded lazily: it may not load at all

const ESDB_IMAGE = 'eventstore/eventstore:24.10';
/** Detecting a container runtime must be quick; starting the container (maybe pulling it) may take longer. */
const RUNTIME_DETECTION_TIMEOUT_MS = 5_000;
const CONTAINER_START_TIMEOUT_MS = 90_000;

type Target = { url: string; stop?: () => Promise<void> } | { skip: string };

function message(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0]!.slice(0, 300);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function findEventStoreDb(): Promise<Target> {
  const fromEnv = process.env.EVENTSTORE_URL;
  if (fromEnv) return { url: fromEnv };

  let tc: Testcontainers;
  try {
    tc = await import('testcontainers');
  } catch (err) {
    return { skip: `EVENTSTORE_URL is not set and testcontainers cannot be loaded on Node ${process.version}: ${message(err)}` };
  }
  try {
    await withTimeout(tc.getContainerRuntimeClient(), RUNTIME_DETECTION_TIMEOUT_MS, 'container runtime detection');
  } catch (err) {
    return { skip: `EVENTSTORE_URL is not set and no container runtime is available: ${message(err)}` };
  }
  try {
    const container = await withTimeout(
      new tc.GenericContainer(ESDB_IMAGE)
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_MEM_DB: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(tc.Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
        .withStartupTimeout(CONTAINER_START_TIMEOUT_MS)
        .start(),
      CONTAINER_START_TIMEOUT_MS + 5_000,
      `starting ${ESDB_IMAGE}`,
    );
    return {
      url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
      stop: async () => {
        await container.stop();
      },
    };
  } catch (err) {
    return { skip: `EVENTSTORE_URL is not set and ${ESDB_IMAGE} could not be started: ${message(err)}` };
  }
}

const target = await findEventStoreDb();

if ('skip' in target) {
  const title = `skipped: no EventStoreDB (${target.skip})`;
  console.warn(title);
  describe('EventStoreDbEventStore', () => {
    it.skip(title, () => {});
  });
} else {
  afterAll(async () => {
    await target.stop?.();
  });

  eventStoreContract('eventstoredb', async () => {
    const store = await EventStoreDbEventStore.connect(target.url);
    return {
      store,
      async cleanup() {
        await store.close();
      },
    };
  });
}
