import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `security.unblockIp`, then the blocked list is reloaded. */
export function useUnblockIp(callbacks: { onUnblocked(ip: string): void; onFailed(failure: ApiFailure): void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.security.unblockIp.useMutation();
  const { onUnblocked, onFailed } = callbacks;
  const unblock = useCallback(
    async (ip: string) => {
      try {
        await mutation.mutateAsync({ ip });
        await utils.security.blockedIps.invalidate();
        onUnblocked(ip);
      } catch (caught) {
        onFailed(describeApiError(caught));
      }
    },
    [mutation, utils, onUnblocked, onFailed],
  );
  return { unblock, pendingIp: mutation.isPending ? (mutation.variables?.ip ?? null) : null };
}
