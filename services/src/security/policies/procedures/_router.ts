import { updateAdminIpAllowListInput, updateMfaPolicyInput, updatePasswordPolicyInput, updateSessionPolicyInput } from '@crm/contracts';
import { procedure, router } from '../../../trpc/trpc.ts';
import { getPoliciesHandler } from './get.handler.ts';
import { updateAdminIpAllowListHandler } from './update-admin-ip-allow-list.handler.ts';
import { updateMfaPolicyHandler } from './update-mfa.handler.ts';
import { updatePasswordPolicyHandler } from './update-password.handler.ts';
import { updateSessionPolicyHandler } from './update-session.handler.ts';

/** The Security Policies tab: read with `security:read`, change with `security:manage`. */
export const securityPoliciesRouter = router({
  get: procedure('security:read').query(getPoliciesHandler),
  updatePassword: procedure('security:manage').input(updatePasswordPolicyInput).mutation(updatePasswordPolicyHandler),
  updateSession: procedure('security:manage').input(updateSessionPolicyInput).mutation(updateSessionPolicyHandler),
  updateMfa: procedure('security:manage').input(updateMfaPolicyInput).mutation(updateMfaPolicyHandler),
  updateAdminIpAllowList: procedure('security:manage').input(updateAdminIpAllowListInput).mutation(updateAdminIpAllowListHandler),
});
