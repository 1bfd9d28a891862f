import { trpc } from '../../api/trpc.client.ts';
import { INTEGRATIONS_REFRESH_MS } from '../utils/integrations-tabs.util.ts';

/** The catalog with each integration's state (`integrations.list`). */
export function useIntegrations() {
  return trpc.integrations.list.useQuery(undefined, { refetchInterval: INTEGRATIONS_REFRESH_MS });
}

/** The four summary cards (`integrations.summary`). */
export function useIntegrationsSummary() {
  return trpc.integrations.summary.useQuery(undefined, { refetchInterval: INTEGRATIONS_REFRESH_MS });
}

/** Install, configure, enable/disable, uninstall, new feed URL, SMTP check: each reloads the list and the cards. */
export function useIntegrationMutations() {
  const utils = trpc.useUtils();
  const onSuccess = () => utils.integrations.invalidate();
  return {
    install: trpc.integrations.install.useMutation({ onSuccess }),
    configure: trpc.integrations.configure.useMutation({ onSuccess }),
    setActive: trpc.integrations.setActive.useMutation({ onSuccess }),
    uninstall: trpc.integrations.uninstall.useMutation({ onSuccess }),
    regenerateFeed: trpc.integrations.regenerateFeed.useMutation({ onSuccess }),
    checkSmtp: trpc.integrations.checkSmtp.useMutation({ onSuccess }),
  };
}
