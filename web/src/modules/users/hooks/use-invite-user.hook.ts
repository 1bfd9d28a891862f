import { trpc } from '../../api/trpc.client.ts';

/** `users.invite` ({email, role, locale}); the pending list reloads on success. */
export function useInviteUser() {
  const utils = trpc.useUtils();
  return trpc.users.invite.useMutation({ onSuccess: () => utils.users.invitations.invalidate() });
}
