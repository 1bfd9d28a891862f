import { trpc } from '../../api/trpc.client.ts';

/** Webhook endpoints (`webhooks.list`, with health), the catalog, and create / update / rotate / delete / test. */
export function useWebhooks() {
  const utils = trpc.useUtils();
  const onSuccess = () => utils.webhooks.list.invalidate();
  return {
    list: trpc.webhooks.list.useQuery(undefined, { refetchInterval: 15_000 }),
    eventTypes: trpc.webhooks.eventTypes.useQuery(undefined, { staleTime: Infinity }),
    create: trpc.webhooks.create.useMutation({ onSuccess }),
    update: trpc.webhooks.update.useMutation({ onSuccess }),
    rotateSecret: trpc.webhooks.rotateSecret.useMutation({ onSuccess }),
    remove: trpc.webhooks.delete.useMutation({ onSuccess }),
    test: trpc.webhooks.test.useMutation({ onSuccess: () => setTimeout(() => void utils.webhooks.invalidate(), 1500) }),
  };
}
