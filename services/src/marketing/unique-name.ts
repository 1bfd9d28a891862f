import type pg from 'pg';

/** Advisory locks (two-int form) serialising the choice of a unique form slug / campaign utm_campaign. */
export const MARKETING_NAME_LOCKS = { formSlug: [727201, 1], utmCampaign: [727201, 2] } as const;

/** `base`, or `base-2`, `base-3` … : the first value not in `taken`. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Runs `fn` holding `lock` on a connection of its own (every api process): a unique name is looked up in the
 * read model, decided and projected (the service waits for its projection) before the next creator looks, so
 * two forms created at the same moment with the same name never get the same slug.
 */
export async function withNameLock<T>(pool: pg.Pool, lock: readonly [number, number], fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...lock]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [...lock]).catch(() => {
        broken = true; // closing the connection releases the lock
      });
    }
  } finally {
    client.release(broken);
  }
}
