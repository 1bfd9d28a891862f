import { trpc } from '../../api/trpc.client.ts';

/** `mfa.status`: whether the caller's two-step verification is on, and how many recovery codes are left. */
export function useMfaStatus() {
  return trpc.mfa.status.useQuery(undefined, { refetchOnMount: 'always' });
}
