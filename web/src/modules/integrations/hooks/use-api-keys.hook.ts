import { trpc } from '../../api/trpc.client.ts';

/** The API keys (`apiKeys.list`: masked, with last use and request count), and create / revoke. */
export function useApiKeys() {
  const utils = trpc.useUtils();
  const onSuccess = () => utils.apiKeys.list.invalidate();
  return {
    list: trpc.apiKeys.list.useQuery(undefined, { refetchInterval: 30_000 }),
    create: trpc.apiKeys.create.useMutation({ onSuccess }),
    revoke: trpc.apiKeys.revoke.useMutation({ onSuccess }),
  };
}
