import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `security.blockIp`: answers once the block is enforced; the blocked list is then reloaded. */
export function useBlockIp(callbacks: { onBlocked(ip: string): void; onFailed(failure: ApiFailure): void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.security.blockIp.useMutation();
  const { onBlocked, onFailed } = callbacks;
  const block = useCallback(
    async (input: { ip: string; reason: string; loginId: string | null }) => {
      try {
        const { blockedIp } = await mutation.mutateAsync(input);
        await utils.security.blockedIps.invalidate();
        onBlocked(blockedIp.ip);
      } catch (caught) {
        onFailed(describeApiError(caught));
      }
    },
    [mutation, utils, onBlocked, onFailed],
  );
  return { block, pendingIp: mutation.isPending ? (mutation.variables?.ip ?? null) : null };
}
