import type { EventStore, RecordedEvent, SecurityPolicies, SecurityPolicyEvent, SecurityPolicyKind } from '@crm/contracts';
import {
  SECURITY_POLICIES_STREAM,
  type UpdateAdminIpAllowListInput,
  type UpdateMfaPolicyInput,
  type UpdatePasswordPolicyInput,
  type UpdateSessionPolicyInput,
} from '@crm/contracts';
import { handleCommand } from '../../platform/command-handler.ts';
import type { CommandContext } from '../../platform/decider.ts';
import { allowListMatcher } from './ip-allow-list.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { securityPoliciesDecider, type SecurityPoliciesCommand, type SecurityPoliciesState } from './security-policies.decider.ts';

/** When a policy was last saved and by whom (null while its default holds). */
export interface PolicyChange {
  at: string;
  by: string;
}

/** What the Security Policies tab shows: every policy in force, its default, and its last change. */
export interface SecurityPoliciesView {
  policies: SecurityPolicies;
  defaults: SecurityPolicies;
  changes: Record<SecurityPolicyKind, PolicyChange | null>;
  /** The caller's own address as the server sees it (the allow list must include it). */
  yourIp: string | null;
}

export interface SecurityPoliciesService {
  /**
   * Every policy in force (saved ones, else the defaults). Read by the password checks, the session timeouts,
   * the admin IP allow list and the MFA login step. Cached for at most `cacheMs` per process; a change made
   * through this process is seen at once.
   */
  current(): Promise<SecurityPolicies>;
  view(yourIp: string | null): Promise<SecurityPoliciesView>;
  updatePassword(input: UpdatePasswordPolicyInput, ctx: CommandContext): Promise<SecurityPolicies>;
  updateSession(input: UpdateSessionPolicyInput, ctx: CommandContext): Promise<SecurityPolicies>;
  updateMfa(input: UpdateMfaPolicyInput, ctx: CommandContext): Promise<SecurityPolicies>;
  /** Refuses a list that would leave `requesterIp` (the saving request's address) outside. */
  updateAdminIpAllowList(input: UpdateAdminIpAllowListInput, requesterIp: string | null, ctx: CommandContext): Promise<SecurityPolicies>;
  /** Throws a ZodError naming `field` (400) when the password breaks the password policy. */
  checkPassword(password: string, field: string): Promise<void>;
  /** Whether the admin area is open to this address (always, while the allow list is off). */
  adminIpAllowed(ip: string | null): Promise<boolean>;
}

/** The defaults on a fresh install: 8 characters and the common list refused; timeouts from the environment; no MFA required; no allow list. */
export function defaultPolicies(session: { idleMs: number; absoluteMs: number }): SecurityPolicies {
  return {
    password: { minLength: 8, refuseCommon: true },
    session: { idleMinutes: Math.max(1, Math.round(session.idleMs / 60_000)), absoluteHours: Math.round((session.absoluteMs / 3_600_000) * 100) / 100 },
    mfa: { requiredRoles: [] },
    adminIpAllowList: { enabled: false, entries: [] },
  };
}

const KIND_OF: Record<SecurityPolicyEvent['type'], SecurityPolicyKind> = {
  PasswordPolicyUpdated: 'password',
  SessionPolicyUpdated: 'session',
  MfaPolicyUpdated: 'mfa',
  AdminIpAllowListUpdated: 'adminIpAllowList',
};

interface Snapshot {
  policies: SecurityPolicies;
  changes: Record<SecurityPolicyKind, PolicyChange | null>;
  allowed: (ip: string | null) => boolean;
  readAt: number;
}

export function createSecurityPoliciesService(deps: {
  store: EventStore;
  defaults: SecurityPolicies;
  /** How long a process trusts its copy before reading the stream again (other processes' changes). */
  cacheMs?: number;
}): SecurityPoliciesService {
  const { store, defaults } = deps;
  const cacheMs = deps.cacheMs ?? 1000;
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  /** Bumped by every change made here, so a read started before it cannot put back the older policies. */
  let generation = 0;

  function build(events: readonly RecordedEvent[]): Snapshot {
    let state: SecurityPoliciesState = securityPoliciesDecider.initialState;
    const changes: Record<SecurityPolicyKind, PolicyChange | null> = { password: null, session: null, mfa: null, adminIpAllowList: null };
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as SecurityPolicyEvent;
      if (!(event.type in KIND_OF)) continue;
      state = securityPoliciesDecider.evolve(state, event);
      changes[KIND_OF[event.type]] = { at: event.data.at, by: event.data.by };
    }
    const policies: SecurityPolicies = {
      password: state.password ?? defaults.password,
      session: state.session ?? defaults.session,
      mfa: state.mfa ?? defaults.mfa,
      adminIpAllowList: state.adminIpAllowList ?? defaults.adminIpAllowList,
    };
    return { policies, changes, allowed: allowListMatcher(policies.adminIpAllowList.entries), readAt: Date.now() };
  }

  async function load(): Promise<Snapshot> {
    if (snapshot && Date.now() - snapshot.readAt < cacheMs) return snapshot;
    if (loading) return loading;
    const started = generation;
    const read = store.readStream(SECURITY_POLICIES_STREAM).then((events) => {
      const built = build(events);
      if (started === generation) snapshot = built;
      return built;
    });
    loading = read.finally(() => {
      if (loading === read) loading = null;
    });
    return read;
  }

  async function run(command: SecurityPoliciesCommand, ctx: CommandContext): Promise<SecurityPolicies> {
    const result = await handleCommand(store, SECURITY_POLICIES_STREAM, securityPoliciesDecider, command, ctx);
    if (result.events.length > 0) {
      generation += 1;
      snapshot = null;
      loading = null;
    }
    return (await load()).policies;
  }

  return {
    current: async () => (await load()).policies,
    async view(yourIp) {
      const s = await load();
      return { policies: s.policies, defaults, changes: s.changes, yourIp };
    },
    updatePassword: (input, ctx) => run({ type: 'UpdatePasswordPolicy', policy: input }, ctx),
    updateSession: (input, ctx) => run({ type: 'UpdateSessionPolicy', policy: input }, ctx),
    updateMfa: (input, ctx) => run({ type: 'UpdateMfaPolicy', policy: input }, ctx),
    updateAdminIpAllowList: (input, requesterIp, ctx) => run({ type: 'UpdateAdminIpAllowList', policy: input, requesterIp }, ctx),
    async checkPassword(password, field) {
      assertPasswordAllowed(password, (await load()).policies.password, field);
    },
    async adminIpAllowed(ip) {
      const s = await load();
      return !s.policies.adminIpAllowList.enabled || s.allowed(ip);
    },
  };
}
