import { trpc } from '../../api/trpc.client.ts';

/** `accessControl.users`: every account with role, last login, MFA, sessions, risk score and status. */
export function useAccessUsers() {
  return trpc.accessControl.users.useQuery();
}
