import { trpc } from '../../api/trpc.client.ts';

/** `profile.sessions`: the caller's own active sessions, read again whenever the tab opens. */
export function useMySessions() {
  return trpc.profile.sessions.useQuery(undefined, { refetchOnMount: 'always' });
}
