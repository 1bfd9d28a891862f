import { trpc } from '../../api/trpc.client.ts';

/** `users.revokeInvitation`: the link stops working; the pending list reloads. */
export function useRevokeInvitation() {
  const utils = trpc.useUtils();
  return trpc.users.revokeInvitation.useMutation({ onSuccess: () => utils.users.invitations.invalidate() });
}
