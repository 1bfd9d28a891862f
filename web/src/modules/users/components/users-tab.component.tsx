import type { SessionUser } from '../../api/trpc.client.ts';

/** Placeholder: replaced by the real tab. */
export function UsersTab(_props: { user: SessionUser }) {
  return null;
}
