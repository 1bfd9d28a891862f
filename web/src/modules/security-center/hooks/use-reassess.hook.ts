import { trpc } from '../../api/trpc.client.ts';

/** Re-assess: runs the checks now and records the assessment; the cards and compliance reload. */
export function useReassess(callbacks: { onDone(): void; onFailed(): void }) {
  const utils = trpc.useUtils();
  return trpc.securityCenter.reassess.useMutation({
    onSuccess: async () => {
      await utils.securityCenter.invalidate();
      callbacks.onDone();
    },
    onError: () => callbacks.onFailed(),
  });
}
