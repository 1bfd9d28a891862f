/**
 * Session advisory locks of one process on ONE dedicated connection. Every projection runner of a process takes
 * its lock through the same session, so an app holds one lock connection whatever the number of projections
 * (it held one per projection: eight of an app's thirty connections, and one more with every new projection).
 *
 * PostgreSQL's session locks are re-entrant within a session; this session is not: a key already held here is
 * refused, so two runners of one projection in one process still exclude each other. When the connection is
 * lost every lock it held is gone: each holder is told (`onLost`) and the next `tryLock` connects again.
 */
import type pg from 'pg';
import { connectDedicated } from './projection-state.ts';

export interface LockSession {
  /** Takes the lock (namespace, name) if it is free; false when another session or holder here has it. */
  tryLock(namespace: number, name: string, onLost: (err: Error) => void): Promise<boolean>;
  /** Gives the lock back (no-op when not held here). */
  unlock(namespace: number, name: string): Promise<void>;
  /** Ends the connection, releasing every lock. */
  close(): Promise<void>;
}

export function createLockSession(pool: pg.Pool): LockSession {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  /** Keys held on the current connection, with whom to tell when it is lost. */
  const held = new Map<string, (err: Error) => void>();
  const keyOf = (namespace: number, name: string) => `${namespace}:${name}`;
  /** One statement at a time on the connection (pg refuses overlapping queries from pg 9 on). */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };

  const lost = (which: pg.Client, err: Error) => {
    if (client !== which) return;
    client = null;
    const holders = [...held.values()];
    held.clear();
    void which.end().catch(() => {});
    for (const tell of holders) tell(err);
  };

  const connection = async (): Promise<pg.Client> => {
    if (client) return client;
    connecting ??= connectDedicated(pool, (c, err) => lost(c, err)).then(
      (c) => {
        client = c;
        connecting = null;
        return c;
      },
      (err: unknown) => {
        connecting = null;
        throw err;
      },
    );
    return connecting;
  };

  return {
    tryLock(namespace, name, onLost) {
      return serially(async () => {
        const key = keyOf(namespace, name);
        if (held.has(key)) return false;
        const c = await connection();
        const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [namespace, name]);
        if (!rows[0]?.ok || client !== c) return false;
        held.set(key, onLost);
        return true;
      });
    },
    unlock(namespace, name) {
      return serially(async () => {
        if (!held.delete(keyOf(namespace, name))) return;
        await client?.query('SELECT pg_advisory_unlock($1, hashtext($2))', [namespace, name]).catch(() => {});
      });
    },
    close() {
      return serially(async () => {
        const c = client;
        client = null;
        held.clear();
        await c?.end().catch(() => {});
      });
    },
  };
}
