import {
  POLICY_ERRORS,
  domainError,
  type AdminIpAllowList,
  type MfaPolicy,
  type PasswordPolicy,
  type SecurityPolicyEvent,
  type SessionPolicy,
} from '@crm/contracts';
import type { CommandContext, Decider } from '../../platform/decider.ts';
import { allowListMatcher, normalizeAllowListEntry } from './ip-allow-list.ts';

/**
 * The security policies (stream `security-policies`): each policy as last saved, or null while its default
 * holds (the defaults live in the service: the session timeouts' come from the environment).
 */
export interface SecurityPoliciesState {
  password: PasswordPolicy | null;
  session: SessionPolicy | null;
  mfa: MfaPolicy | null;
  adminIpAllowList: AdminIpAllowList | null;
}

export type SecurityPoliciesCommand =
  | { type: 'UpdatePasswordPolicy'; policy: PasswordPolicy }
  | { type: 'UpdateSessionPolicy'; policy: SessionPolicy }
  | { type: 'UpdateMfaPolicy'; policy: MfaPolicy }
  /** `requesterIp`: the address of the request saving it (the self-lockout guard keeps it inside an enabled list). */
  | { type: 'UpdateAdminIpAllowList'; policy: AdminIpAllowList; requesterIp: string | null };

const initialState: SecurityPoliciesState = { password: null, session: null, mfa: null, adminIpAllowList: null };

function actor(ctx: CommandContext): string {
  if (!ctx.userId) throw domainError(POLICY_ERRORS.policy_actor_required);
  return ctx.userId;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The entries in their one spelling, each once, in the order given; an entry that is neither address nor range is refused. */
function normalizedEntries(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const normal = normalizeAllowListEntry(entry);
    if (!normal) throw domainError(POLICY_ERRORS.invalid_allow_list_entry, { entry: entry.slice(0, 64) });
    if (!out.includes(normal)) out.push(normal);
  }
  return out;
}

export const securityPoliciesDecider: Decider<SecurityPoliciesState, SecurityPoliciesCommand, SecurityPolicyEvent> = {
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'PasswordPolicyUpdated':
        return { ...state, password: { minLength: event.data.minLength, refuseCommon: event.data.refuseCommon } };
      case 'SessionPolicyUpdated':
        return { ...state, session: { idleMinutes: event.data.idleMinutes, absoluteHours: event.data.absoluteHours } };
      case 'MfaPolicyUpdated':
        return { ...state, mfa: { requiredRoles: event.data.requiredRoles } };
      case 'AdminIpAllowListUpdated':
        return { ...state, adminIpAllowList: { enabled: event.data.enabled, entries: event.data.entries } };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx): SecurityPolicyEvent[] {
    const by = actor(ctx);
    const at = ctx.now.toISOString();
    // Saving a policy unchanged records nothing.
    switch (command.type) {
      case 'UpdatePasswordPolicy': {
        const policy = { minLength: command.policy.minLength, refuseCommon: command.policy.refuseCommon };
        return same(state.password, policy) ? [] : [{ type: 'PasswordPolicyUpdated', data: { ...policy, by, at } }];
      }
      case 'UpdateSessionPolicy': {
        const policy = { idleMinutes: command.policy.idleMinutes, absoluteHours: command.policy.absoluteHours };
        return same(state.session, policy) ? [] : [{ type: 'SessionPolicyUpdated', data: { ...policy, by, at } }];
      }
      case 'UpdateMfaPolicy': {
        // One spelling: each role once, in the roles' own order.
        const roles = (['admin', 'manager', 'user'] as const).filter((r) => command.policy.requiredRoles.includes(r));
        const policy = { requiredRoles: roles };
        return same(state.mfa, policy) ? [] : [{ type: 'MfaPolicyUpdated', data: { ...policy, by, at } }];
      }
      case 'UpdateAdminIpAllowList': {
        const entries = normalizedEntries(command.policy.entries);
        if (command.policy.enabled) {
          if (entries.length === 0) throw domainError(POLICY_ERRORS.allow_list_empty);
          if (!allowListMatcher(entries)(command.requesterIp)) {
            throw domainError(POLICY_ERRORS.allow_list_excludes_you, { ip: command.requesterIp ?? 'unknown' });
          }
        }
        const policy = { enabled: command.policy.enabled, entries };
        return same(state.adminIpAllowList, policy) ? [] : [{ type: 'AdminIpAllowListUpdated', data: { ...policy, by, at } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
