import type pg from 'pg';
import type { EventStore } from '@crm/contracts';

/**
 * Waits until a projection has applied the event at `checkpoint`, so a command's caller reads its own
 * write. Gives up silently after `timeoutMs`: the caller then sees the read model as it is.
 */
export async function waitForProjection(
  deps: { pool: pg.Pool; store: EventStore },
  projection: string,
  checkpoint: string | null,
  timeoutMs = 3000,
): Promise<boolean> {
  if (!checkpoint) return true;
  const deadline = Date.now() + timeoutMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    const { rows } = await deps.pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM projection_state WHERE name = $1', [projection]);
    const applied = rows[0]?.checkpoint;
    if (applied && deps.store.compareCheckpoints(applied, checkpoint) >= 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, delay));
  }
}
