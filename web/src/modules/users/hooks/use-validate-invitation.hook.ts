import { trpc } from '../../api/trpc.client.ts';

/** `auth.validateInvitation` on load of the accept page, and `auth.acceptInvitation` on submit. */
export function useValidateInvitation(token: string | null) {
  return trpc.auth.validateInvitation.useQuery({ token: token ?? '' }, { enabled: !!token, retry: false, gcTime: 0 });
}
