import { trpc } from '../../api/trpc.client.ts';

/** `securityAlerts.get`: one alert (a mail's link `?tab=alerts&alert=<id>` opens its details). */
export function useSecurityAlert(id: string | null) {
  return trpc.securityAlerts.get.useQuery({ id: id ?? '' }, { enabled: id !== null, retry: false });
}
