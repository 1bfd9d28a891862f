import { trpc } from '../../api/trpc.client.ts';

/** One endpoint's delivery attempts (newest first, refreshed every 3 s while open) and the manual retry. */
export function useWebhookDeliveries(id: string | null) {
  const utils = trpc.useUtils();
  return {
    deliveries: trpc.webhooks.deliveries.useQuery({ id: id ?? '00000000-0000-4000-8000-000000000000', limit: 50 }, { enabled: id !== null, refetchInterval: 3_000 }),
    retry: trpc.webhooks.retry.useMutation({ onSuccess: () => setTimeout(() => void utils.webhooks.invalidate(), 1500) }),
  };
}
