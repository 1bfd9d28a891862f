import { isIP } from 'node:net';
import { SECURITY_ERRORS, domainError, type IpBlockEvent } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

/** One IP address (stream `ip-block-<ip>`, the address in its normalised spelling). */
export type IpBlockState = { blocked: false } | { blocked: true; since: string };

export type IpBlockCommand =
  | { type: 'BlockIp'; ip: string; reason: string; loginId: string | null }
  | { type: 'UnblockIp'; ip: string };

function assertIp(ip: string) {
  if (isIP(ip) === 0 || ip.includes('%')) throw domainError(SECURITY_ERRORS.invalid_ip);
}

function actor(ctx: CommandContext): string {
  if (!ctx.userId) throw domainError(SECURITY_ERRORS.actor_required);
  return ctx.userId;
}

export const ipBlockDecider: Decider<IpBlockState, IpBlockCommand, IpBlockEvent> = {
  initialState: { blocked: false },
  evolve(_state, event) {
    switch (event.type) {
      case 'IpBlocked':
        return { blocked: true, since: event.data.at };
      case 'IpUnblocked':
        return { blocked: false };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx): IpBlockEvent[] {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'BlockIp': {
        assertIp(command.ip);
        const by = actor(ctx);
        if (state.blocked) throw domainError(SECURITY_ERRORS.ip_already_blocked, { ip: command.ip });
        return [{ type: 'IpBlocked', data: { ip: command.ip, reason: command.reason, loginId: command.loginId, by, at } }];
      }
      case 'UnblockIp': {
        assertIp(command.ip);
        const by = actor(ctx);
        if (!state.blocked) throw domainError(SECURITY_ERRORS.ip_not_blocked, { ip: command.ip });
        return [{ type: 'IpUnblocked', data: { ip: command.ip, by, at } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
