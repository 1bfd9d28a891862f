import type { SecurityAlertsListPayload } from '@crm/contracts/security/alert.input';
import { trpc } from '../../api/trpc.client.ts';

/** `securityAlerts.list`: alerts newest first, with the counts per status. */
export function useSecurityAlerts(filter: SecurityAlertsListPayload) {
  return trpc.securityAlerts.list.useQuery(filter, { placeholderData: (previous) => previous });
}
