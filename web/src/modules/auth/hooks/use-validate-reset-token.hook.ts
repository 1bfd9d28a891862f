import { describeApiError } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

export type ResetTokenState =
  | { status: 'missing' }
  | { status: 'validating' }
  | { status: 'valid'; email: string }
  /** The server refused the token (unknown, used or expired). */
  | { status: 'invalid' }
  /** No usable answer (network): the token may still be good. */
  | { status: 'failed' };

/** `auth.validateResetToken` on load of the reset page (spec 01 §2, §8). */
export function useValidateResetToken(token: string | null): ResetTokenState & { retry(): void } {
  const query = trpc.auth.validateResetToken.useQuery({ token: token ?? '' }, { enabled: !!token, retry: false, gcTime: 0 });
  const retry = () => void query.refetch();
  if (!token) return { status: 'missing', retry };
  if (query.isPending) return { status: 'validating', retry };
  if (query.isError) return { status: describeApiError(query.error).kind === 'network' ? 'failed' : 'invalid', retry };
  return { status: 'valid', email: query.data.email, retry };
}
