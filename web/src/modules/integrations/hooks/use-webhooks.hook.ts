import { trpc } from '../../api/trpc.client.ts';

/** Webhook endpoints (`webhooks.list`, with health), the catalog, and create / update / rotate / delete / test. */
export function useWebhooks() {
  const utils = trpc.useUtils();
  // The area's summary cards count webhooks too.
  const onSuccess = () => Promise.all([utils.webhooks.list.invalidate(), utils.integrations.invalidate()]);
  return {
    list: trpc.webhooks.list.useQuery(undefined, { refetchInterval: 15_000 }),
    eventTypes: trpc.webhooks.eventTypes.useQuery(undefined, { staleTime: Infinity }),
    create: trpc.webhooks.create.useMutation({ onSuccess }),
    update: trpc.webhooks.update.useMutation({ onSuccess }),
    rotateSecret: trpc.webhooks.rotateSecret.useMutation({ onSuccess }),
    remove: trpc.webhooks.delete.useMutation({ onSuccess }),
    test: trpc.webhooks.test.useMutation({ onSuccess: () => setTimeout(() => void Promise.all([utils.webhooks.invalidate(), utils.integrations.invalidate()]), 1500) }),
  };
}
