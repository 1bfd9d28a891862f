import { trpc } from '../../api/trpc.client.ts';

/** `users.invitations`: pending (unaccepted, unrevoked, unexpired) invitations, newest first. */
export function useInvitations() {
  return trpc.users.invitations.useQuery(undefined, { refetchOnWindowFocus: false });
}
