import { z } from 'zod';
import { adminIpAllowListSchema, mfaPolicySchema, passwordPolicySchema, sessionPolicySchema } from './policy.events.ts';

/** tRPC `securityPolicies.updatePassword`, `PUT /api/admin/security/policies/password`. */
export const updatePasswordPolicyInput = passwordPolicySchema;
/** tRPC `securityPolicies.updateSession`, `PUT /api/admin/security/policies/session`. */
export const updateSessionPolicyInput = sessionPolicySchema;
/** tRPC `securityPolicies.updateMfa`, `PUT /api/admin/security/policies/mfa` (roles listed once each). */
export const updateMfaPolicyInput = mfaPolicySchema.extend({
  requiredRoles: mfaPolicySchema.shape.requiredRoles.refine((roles) => new Set(roles).size === roles.length, 'lists a role twice'),
});
/**
 * tRPC `securityPolicies.updateAdminIpAllowList`, `PUT /api/admin/security/policies/admin-ip-allow-list`. Each entry
 * is an address or a CIDR range; the decider checks them (and that the saving request's own address is in).
 */
export const updateAdminIpAllowListInput = adminIpAllowListSchema.extend({
  entries: z.array(z.string().trim().min(1, 'is required').max(64)).max(100),
});

export type UpdatePasswordPolicyInput = z.infer<typeof updatePasswordPolicyInput>;
export type UpdateSessionPolicyInput = z.infer<typeof updateSessionPolicyInput>;
export type UpdateMfaPolicyInput = z.infer<typeof updateMfaPolicyInput>;
export type UpdateAdminIpAllowListInput = z.infer<typeof updateAdminIpAllowListInput>;
