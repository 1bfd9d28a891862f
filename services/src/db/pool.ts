import type pg from 'pg';

/**
 * Opens `count` of the pool's connections at once and hands them back to it, so that the first requests find them
 * open instead of each opening its own (a new PostgreSQL backend: its password check, catalog caches and PL/pgSQL
 * plans; docs/PERFORMANCE.md). With the pool's `min` at least `count`, they stay open through any lull.
 */
export async function warmPool(pool: pg.Pool, count: number): Promise<void> {
  const clients = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()));
  for (const client of clients) if (client.status === 'fulfilled') client.value.release();
  const failed = clients.find((client) => client.status === 'rejected');
  if (failed) throw failed.reason;
}
