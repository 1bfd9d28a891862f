import { trpc } from '../../api/trpc.client.ts';

/** Who is logged in, from the server (`auth.me`; the session itself is an HttpOnly cookie). */
export function useSession() {
  return trpc.auth.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
}
