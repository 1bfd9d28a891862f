import { useCallback } from 'react';
import type { SecurityPolicies, SecurityPolicyKind } from '@crm/contracts/security/policy.events';
import { trpc } from '../../api/trpc.client.ts';

/** Saves one policy through its `securityPolicies.update…` procedure, then reloads the policies. */
export function useUpdateSecurityPolicy() {
  const utils = trpc.useUtils();
  const password = trpc.securityPolicies.updatePassword.useMutation();
  const session = trpc.securityPolicies.updateSession.useMutation();
  const mfa = trpc.securityPolicies.updateMfa.useMutation();
  const allowList = trpc.securityPolicies.updateAdminIpAllowList.useMutation();
  const save = useCallback(
    async <K extends SecurityPolicyKind>(kind: K, value: SecurityPolicies[K]) => {
      if (kind === 'password') await password.mutateAsync(value as SecurityPolicies['password']);
      else if (kind === 'session') await session.mutateAsync(value as SecurityPolicies['session']);
      else if (kind === 'mfa') await mfa.mutateAsync(value as SecurityPolicies['mfa']);
      else await allowList.mutateAsync(value as SecurityPolicies['adminIpAllowList']);
      await utils.securityPolicies.get.invalidate();
    },
    [password, session, mfa, allowList, utils],
  );
  return { save, saving: password.isPending || session.isPending || mfa.isPending || allowList.isPending };
}
