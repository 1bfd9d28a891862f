/**
 * Failed-login counters in PostgreSQL (table login_throttle): shared by every API process, and each
 * decision is one short transaction that locks the keys' rows, so concurrent guesses are counted one by one.
 * The arithmetic is the pure policy in login-throttle.policy.ts.
 */
import type pg from 'pg';
import { withTransaction } from '@crm/projections';
import { charge, refund, type ThrottlePolicy, type ThrottleRecord } from './login-throttle.policy.ts';

export type ThrottleScope = 'account' | 'ip';

export interface ThrottleKey {
  scope: ThrottleScope;
  key: string;
}

/** What a charge did, to refund it exactly. */
export interface Charge extends ThrottleKey {
  previous: ThrottleRecord;
  next: ThrottleRecord;
}

export type ChargeResult = { allowed: true; charges: Charge[] } | { allowed: false; retryAfterMs: number };

export interface LoginThrottle {
  /** Refuses when any key's wait is running; otherwise charges one failure on every key. */
  charge(keys: ThrottleKey[], now: Date): Promise<ChargeResult>;
  /** Takes back charges (the password was right). */
  refund(charges: Charge[]): Promise<void>;
  /** Forgets a key's failures (a successful login clears its account's counter). */
  clear(key: ThrottleKey): Promise<void>;
  /** Deletes counters that have decayed to zero. */
  prune(now: Date): Promise<number>;
}

interface Row {
  scope: ThrottleScope;
  key: string;
  failures: number;
  last_failure_at: Date | null;
}

const byKey = (a: ThrottleKey, b: ThrottleKey) => (a.scope + a.key < b.scope + b.key ? -1 : a.scope + a.key > b.scope + b.key ? 1 : 0);

export function createLoginThrottle(pool: pg.Pool, policies: Record<ThrottleScope, ThrottlePolicy>): LoginThrottle {
  const inTransaction = <T>(fn: (client: pg.PoolClient) => Promise<T>) => withTransaction(pool, fn);


  /** Locks the keys' rows (created when missing), always in the same order so two requests cannot deadlock. */
  async function lock(client: pg.PoolClient, keys: ThrottleKey[]): Promise<Map<string, ThrottleRecord>> {
    const sorted = [...keys].sort(byKey);
    const scopes = sorted.map((k) => k.scope);
    const names = sorted.map((k) => k.key);
    await client.query(
      `INSERT INTO login_throttle (scope, key) SELECT * FROM unnest($1::text[], $2::text[]) ORDER BY 1, 2 ON CONFLICT DO NOTHING`,
      [scopes, names],
    );
    const { rows } = await client.query<Row>(
      `SELECT scope, key, failures, last_failure_at FROM login_throttle
        WHERE (scope, key) IN (SELECT * FROM unnest($1::text[], $2::text[])) ORDER BY scope, key FOR UPDATE`,
      [scopes, names],
    );
    return new Map(rows.map((r) => [`${r.scope}:${r.key}`, { failures: r.failures, lastFailureAt: r.last_failure_at }]));
  }

  async function write(client: pg.PoolClient, key: ThrottleKey, record: ThrottleRecord) {
    // An upsert: a concurrent prune may have deleted an idle row between the INSERT and the lock.
    await client.query(
      `INSERT INTO login_throttle (scope, key, failures, last_failure_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, key) DO UPDATE SET failures = EXCLUDED.failures, last_failure_at = EXCLUDED.last_failure_at`,
      [
      key.scope,
      key.key,
      record.failures,
      record.lastFailureAt,
      ],
    );
  }

  return {
    charge: (keys, now) =>
      inTransaction(async (client) => {
        const records = await lock(client, keys);
        const charges: Charge[] = [];
        let wait = 0;
        for (const key of keys) {
          const previous = records.get(`${key.scope}:${key.key}`) ?? { failures: 0, lastFailureAt: null };
          const decision = charge(previous, now, policies[key.scope]);
          if (decision.allowed) charges.push({ ...key, previous, next: decision.next });
          else wait = Math.max(wait, decision.retryAfterMs);
        }
        if (wait > 0) return { allowed: false, retryAfterMs: wait };
        for (const c of charges) await write(client, c, c.next);
        return { allowed: true, charges };
      }),

    async refund(charges) {
      if (charges.length === 0) return;
      await inTransaction(async (client) => {
        const records = await lock(client, charges);
        for (const c of charges) {
          const current = records.get(`${c.scope}:${c.key}`) ?? { failures: 0, lastFailureAt: null };
          await write(client, c, refund(current, c));
        }
      });
    },

    async clear(key) {
      await pool.query('UPDATE login_throttle SET failures = 0, last_failure_at = NULL WHERE scope = $1 AND key = $2', [key.scope, key.key]);
    },

    async prune(now) {
      // A row is useless once its wait is over and decay has brought it to zero (the larger decay of the two scopes).
      const decayMs = Math.max(policies.account.decayMs, policies.ip.decayMs, 1);
      const maxDelayMs = Math.max(policies.account.maxDelayMs, policies.ip.maxDelayMs);
      const { rowCount } = await pool.query(
        `DELETE FROM login_throttle
          WHERE last_failure_at IS NULL
             OR last_failure_at < $1::timestamptz - make_interval(secs => (failures * $2::double precision + $3::double precision) / 1000)`,
        [now, decayMs, maxDelayMs],
      );
      return rowCount ?? 0;
    },
  };
}
