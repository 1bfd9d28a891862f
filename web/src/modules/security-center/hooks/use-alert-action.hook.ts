import { useCallback } from 'react';
import { describeApiError, type ApiFailure } from '../../api/api-error.util.ts';
import { trpc } from '../../api/trpc.client.ts';

export type AlertAction = 'investigate' | 'resolve';

/** `securityAlerts.investigate` / `.resolve` with an optional note; the alerts and the summary cards reload after. */
export function useAlertAction(callbacks: { onDone(action: AlertAction): void; onFailed(failure: ApiFailure): void }) {
  const utils = trpc.useUtils();
  const investigate = trpc.securityAlerts.investigate.useMutation();
  const resolve = trpc.securityAlerts.resolve.useMutation();
  const { onDone, onFailed } = callbacks;
  const run = useCallback(
    async (action: AlertAction, id: string, note: string) => {
      try {
        await (action === 'resolve' ? resolve : investigate).mutateAsync({ id, note: note.trim() || undefined });
        // The alerts and everything that counts them (the Security Center's cards).
        await utils.invalidate();
        onDone(action);
      } catch (caught) {
        onFailed(describeApiError(caught));
      }
    },
    [investigate, resolve, utils, onDone, onFailed],
  );
  return { run, pending: investigate.isPending || resolve.isPending };
}
