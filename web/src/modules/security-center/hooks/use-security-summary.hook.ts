import { trpc } from '../../api/trpc.client.ts';
import { SUMMARY_REFRESH_MS } from '../utils/security-tabs.util.ts';

/** The four cards (`securityCenter.summary`), refreshed every 30 s while Real-time is on. */
export function useSecuritySummary(realtime: boolean) {
  return trpc.securityCenter.summary.useQuery(undefined, { refetchInterval: realtime ? SUMMARY_REFRESH_MS : false });
}
