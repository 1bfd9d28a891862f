import type pg from 'pg';
import { SECURITY_ERRORS, domainError, ipBlockStreamId, type BlockedIpView, type EventStore } from '@crm/contracts';
import { isIpBlocked, listBlockedIps } from '@crm/projections';
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

function normalized(ip: string): string {
  const n = normalizeIp(ip);
  if (!n) throw domainError(SECURITY_ERRORS.invalid_ip);
  return n;
}

export function createIpBlocksService(deps: { pool: pg.Pool; store: EventStore }): IpBlocksService {
  const { pool, store } = deps;

  async function enforce(checkpoint: string | null) {
    if (await waitForProjection(deps, 'blocked_ips', checkpoint, ENFORCE_TIMEOUT_MS)) return;
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
      return ip ? isIpBlocked(pool, ip) : false;
    },
  };
}
