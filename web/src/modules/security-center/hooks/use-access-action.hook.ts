import { useCallback } from 'react';
import type { AccessAction } from '@crm/contracts/security/alert.input';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

/** `accessControl.act`: end sessions, suspend/reinstate, lock/unlock; the accounts reload after. */
export function useAccessAction(callbacks: { onDone(action: AccessAction, endedSessions: number): void; onFailed(failure: ApiFailure): void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.accessControl.act.useMutation();
  const { onDone, onFailed } = callbacks;
  const act = useCallback(
    async (userId: string, action: AccessAction, reason: string) => {
      try {
        const result = await mutation.mutateAsync({ userId, action, reason: reason.trim() || undefined });
        await utils.accessControl.users.invalidate();
        onDone(action, result.endedSessions);
      } catch (caught) {
        onFailed(describeApiError(caught));
      }
    },
    [mutation, utils, onDone, onFailed],
  );
  return { act, pending: mutation.isPending };
}
