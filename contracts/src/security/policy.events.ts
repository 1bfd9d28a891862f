import { z } from 'zod';
import { auditedEvent, type AuditState } from '../platform/audit.ts';
import { USER_TYPES } from '../identity/user.events.ts';

/**
 * The security policies (Security Center, "Security Policies" tab): one aggregate, stream `security-policies`,
 * one event per change of one policy, each carrying the policy's whole new setting, who changed it and when.
 * Before any event the defaults hold (docs/SECURITY.md, "Security policies").
 */
export const SECURITY_POLICIES_STREAM = 'security-policies';

/** Bounds of each setting (shared by the inputs, the decider and the web form). */
export const POLICY_LIMITS = {
  /** NIST SP 800-63B: at least 8; the longest a password may be is 256 (AUTH_LIMITS.passwordMax). */
  passwordMinLength: { min: 8, max: 128 },
  idleMinutes: { min: 1, max: 10_080 },
  absoluteHours: { min: 0.1, max: 720 },
  allowListEntries: 100,
} as const;

/** Password policy: a minimum length and whether passwords from the common-password list are refused; no composition rules. */
export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(POLICY_LIMITS.passwordMinLength.min).max(POLICY_LIMITS.passwordMinLength.max),
  refuseCommon: z.boolean(),
});
/** Session timeouts: idle (unused this long) and absolute (this long after login, used or not). */
export const sessionPolicySchema = z.object({
  idleMinutes: z.number().int().min(POLICY_LIMITS.idleMinutes.min).max(POLICY_LIMITS.idleMinutes.max),
  absoluteHours: z.number().min(POLICY_LIMITS.absoluteHours.min).max(POLICY_LIMITS.absoluteHours.max),
});
/** The roles whose accounts must use multi-factor authentication (enforced at login by the MFA flow). */
export const mfaPolicySchema = z.object({ requiredRoles: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length) });
/** The admin area's IP allow list: addresses and CIDR ranges (IPv4, IPv6), in their normalised spelling. */
export const adminIpAllowListSchema = z.object({ enabled: z.boolean(), entries: z.array(z.string().max(64)).max(POLICY_LIMITS.allowListEntries) });

export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;
export type SessionPolicy = z.infer<typeof sessionPolicySchema>;
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;
export type AdminIpAllowList = z.infer<typeof adminIpAllowListSchema>;

/** Every policy in force: what `securityPolicies.current()` answers. */
export interface SecurityPolicies {
  password: PasswordPolicy;
  session: SessionPolicy;
  mfa: MfaPolicy;
  adminIpAllowList: AdminIpAllowList;
}
export type SecurityPolicyKind = keyof SecurityPolicies;
export const SECURITY_POLICY_KINDS = ['password', 'session', 'mfa', 'adminIpAllowList'] as const satisfies readonly SecurityPolicyKind[];

const change = { by: z.string().uuid(), at: z.iso.datetime() };
export const passwordPolicyUpdatedV1 = passwordPolicySchema.extend(change);
export const sessionPolicyUpdatedV1 = sessionPolicySchema.extend(change);
export const mfaPolicyUpdatedV1 = mfaPolicySchema.extend(change);
export const adminIpAllowListUpdatedV1 = adminIpAllowListSchema.extend(change);

/** Audited as an UPDATE of the policy (entity `security_policy`, id = its kind) with its fields old → new. */
function policyAudit<D extends { by: string; at: string }>(id: SecurityPolicyKind, risk: 'medium' | 'high') {
  return {
    entity: 'security_policy' as const,
    entityId: () => id,
    action: 'UPDATE' as const,
    risk,
    actor: (data: D) => data.by,
    state: (data: D): AuditState => {
      const { by: _by, at: _at, ...settings } = data;
      return settings;
    },
  };
}

export const policyEventSchemas = {
  PasswordPolicyUpdated: auditedEvent(1, passwordPolicyUpdatedV1, policyAudit('password', 'medium')),
  SessionPolicyUpdated: auditedEvent(1, sessionPolicyUpdatedV1, policyAudit('session', 'medium')),
  MfaPolicyUpdated: auditedEvent(1, mfaPolicyUpdatedV1, policyAudit('mfa', 'high')),
  AdminIpAllowListUpdated: auditedEvent(1, adminIpAllowListUpdatedV1, policyAudit('adminIpAllowList', 'high')),
} as const;

type Schemas = typeof policyEventSchemas;
export type SecurityPolicyEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]['schema']> } }[keyof Schemas];
