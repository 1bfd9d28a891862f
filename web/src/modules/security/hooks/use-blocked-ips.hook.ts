import { trpc } from '../../api/trpc.client.ts';

/** `security.blockedIps`: the addresses blocked now. */
export function useBlockedIps() {
  return trpc.security.blockedIps.useQuery();
}
