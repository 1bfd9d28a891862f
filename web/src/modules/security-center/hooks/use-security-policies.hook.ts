import { trpc } from '../../api/trpc.client.ts';

/** `securityPolicies.get`: every policy in force, its default, its last change, and the caller's own address. */
export function useSecurityPolicies() {
  return trpc.securityPolicies.get.useQuery();
}
