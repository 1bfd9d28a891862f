import { trpc } from '../../api/trpc.client.ts';

/** `auth.acceptInvitation` ({token, name, password, locale}): creates the approved account; the link works once. */
export function useAcceptInvitation() {
  return trpc.auth.acceptInvitation.useMutation();
}
