import type pg from 'pg';
import { SECURITY_ERRORS, domainError, ipBlockStreamId, type BlockedIpView, type EventStore } from '@crm/contracts';
import { listBlockedIps } from '@crm/projections';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { normalizeIp } from './ip-address.ts';
import { ipBlockDecider } from './ip-block.decider.ts';

export interface IpBlocksService {
  /** Blocks an address; answers once the block is enforced (the blocked_ips read model has applied it). */
  block(input: { ip: string; reason: string; loginId: string | null }, ctx: CommandContext): Promise<BlockedIpView>;
  unblock(ip: string, ctx: CommandContext): Promise<void>;
  list(): Promise<BlockedIpView[]>;
  /** Whether requests from this address (as the socket reports it) are refused. */
  isBlocked(ip: string | null): Promise<boolean>;
}

/** How long a block or unblock waits for the read model before it reports the enforcement as delayed. */
const ENFORCE_TIMEOUT_MS = 10_000;

/**
 * How long an API process trusts its in-memory copy of the blocked addresses. Every public POST and login asks
 * whether its address is blocked; a query each time was one read transaction per booking (issue 17). The copy is
 * reloaded on demand once older than this, counted from the moment its query was sent, so it never reflects the
 * read model as it was more than this long ago. A block or unblock drops the copy of the process that made it and
 * answers only after this long, so by then every API process (the scaled topology runs several) refuses or
 * admits the address: "enforced when the command returns" holds across processes. Chosen over LISTEN/NOTIFY:
 * no extra connection per process to keep and close, no lost-notification case, and the price (at most four
 * small reads a second per busy process, a quarter of a second more on an admin's block) is small.
 */
export const BLOCK_LIST_TTL_MS = 250;

/** The blocked addresses in memory, reloaded on demand when older than `ttlMs` or dropped. */
function blockedAddresses(pool: pg.Pool, ttlMs: number) {
  let addresses: Set<string> | null = null;
  let loadedAt = 0;
  let loading: Promise<Set<string>> | null = null;
  /** Bumped by drop(): a load that started before keeps serving only those already waiting for it. */
  let generation = 0;

  async function load(gen: number): Promise<Set<string>> {
    const started = performance.now();
    let rows: BlockedIpView[];
    try {
      rows = await listBlockedIps(pool);
    } catch (err) {
      // 42P01 undefined_table: the projector has not created its first generation yet (nothing blocked then).
      if ((err as { code?: string }).code !== '42P01') throw err;
      rows = [];
    }
    const loaded = new Set(rows.map((r) => r.ip));
    if (gen === generation) {
      addresses = loaded;
      loadedAt = started;
    }
    return loaded;
  }

  return {
    async has(ip: string): Promise<boolean> {
      if (addresses && performance.now() - loadedAt < ttlMs) return addresses.has(ip);
      if (!loading) {
        const mine = load(generation);
        loading = mine;
        const settle = () => {
          if (loading === mine) loading = null;
        };
        mine.then(settle, settle);
      }
      return (await loading).has(ip);
    },
    /** Forgets the copy (this process just changed the read model): the next question reloads it. */
    drop() {
      generation++;
      addresses = null;
      loading = null;
    },
  };
}

function normalized(ip: string): string {
  const n = normalizeIp(ip);
  if (!n) throw domainError(SECURITY_ERRORS.invalid_ip);
  return n;
}

export function createIpBlocksService(deps: { pool: pg.Pool; store: EventStore; blockListTtlMs?: number }): IpBlocksService {
  const { pool, store } = deps;
  const ttlMs = deps.blockListTtlMs ?? BLOCK_LIST_TTL_MS;
  const blocked = blockedAddresses(pool, ttlMs);

  async function enforce(checkpoint: string | null) {
    if (await waitForProjection(deps, 'blocked_ips', checkpoint, ENFORCE_TIMEOUT_MS)) {
      // This process sees the change at once; every other one once its copy (loaded before the change) expires.
      blocked.drop();
      await new Promise((resolve) => setTimeout(resolve, ttlMs));
      return;
    }
    // Recorded, but the projector is behind: say so rather than claim an enforcement that is not there yet.
    throw domainError(SECURITY_ERRORS.block_pending);
  }

  return {
    async block(input, ctx) {
      const ip = normalized(input.ip);
      const result = await handleCommand(store, ipBlockStreamId(ip), ipBlockDecider, { type: 'BlockIp', ip, reason: input.reason, loginId: input.loginId }, ctx);
      await enforce(result.checkpoint);
      return { ip, reason: input.reason, loginId: input.loginId, blockedBy: ctx.userId!, blockedAt: ctx.now.toISOString() };
    },

    async unblock(rawIp, ctx) {
      const ip = normalized(rawIp);
      const result = await handleCommand(store, ipBlockStreamId(ip), ipBlockDecider, { type: 'UnblockIp', ip }, ctx);
      await enforce(result.checkpoint);
    },

    list: () => listBlockedIps(pool),

    async isBlocked(rawIp) {
      const ip = normalizeIp(rawIp);
      return ip ? blocked.has(ip) : false;
    },
  };
}
