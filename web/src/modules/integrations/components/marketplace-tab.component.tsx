import { Button, HStack, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { INTEGRATION_CATEGORIES, type IntegrationCategory, type IntegrationId } from '@crm/contracts/integrations/integration.catalog';
import { useMemo, useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { toast } from '../../ui/utils/app-toaster.util.ts';
import { useIntegrationMutations, useIntegrations } from '../hooks/use-integrations.hook.ts';
import { integrationText } from '../utils/integration-text.util.ts';
import { IntegrationCard } from './integration-card.component.tsx';
import { IntegrationDetailsDialog } from './integration-details-dialog.component.tsx';

/**
 * The Marketplace tab (every integration of the catalog, with search and category) and My Integrations (the
 * installed ones): install, enable/disable, and the details dialog with each integration's settings.
 */
export function MarketplaceTab({ mine, onOpenWebhooks }: { mine: boolean; onOpenWebhooks(): void }) {
  const { LL } = useI18nContext();
  const t = LL.integrations.marketplace;
  const list = useIntegrations();
  const m = useIntegrationMutations();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<IntegrationCategory | ''>('');
  const [openId, setOpenId] = useState<IntegrationId | null>(null);
  const [pendingId, setPendingId] = useState<IntegrationId | null>(null);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (list.data?.integrations ?? []).filter((i) => {
      if (mine && !i.installed) return false;
      if (category && i.category !== category) return false;
      if (!q) return true;
      const text = integrationText(LL, i.id);
      return `${text.name} ${text.description}`.toLowerCase().includes(q);
    });
  }, [list.data, mine, category, search, LL]);

  if (list.isError) return <LoadErrorAlert title={t.loadFailed()} onRetry={() => void list.refetch()} testId="marketplace-error" />;
  if (!list.data) {
    return (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={4} aria-busy="true">
        {[0, 1, 2].map((k) => (
          <Skeleton key={k} height="40" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  }

  const install = (id: IntegrationId) => {
    setPendingId(id);
    m.install.mutate(
      { id },
      {
        onSuccess: () => {
          toast({ type: 'success', title: t.installed(), description: t.installedText({ name: integrationText(LL, id).name }) });
          setOpenId(id);
        },
        onError: () => toast({ type: 'error', title: t.installFailed(), description: t.installFailedText() }),
        onSettled: () => setPendingId(null),
      },
    );
  };
  const toggle = (id: IntegrationId, active: boolean) => {
    setPendingId(id);
    m.setActive.mutate(
      { id, active },
      {
        onSuccess: () => toast({ type: 'success', title: active ? t.enabledToast() : t.disabledToast() }),
        onError: (err) => toast({ type: 'error', title: t.toggleFailed(), description: err.message }),
        onSettled: () => setPendingId(null),
      },
    );
  };
  const open = list.data.integrations.find((i) => i.id === openId) ?? null;

  return (
    <Stack gap={4} data-testid={mine ? 'my-integrations' : 'marketplace'}>
      {!mine ? (
        <HStack gap={3} wrap="wrap">
          <Input flex="1" minW="48" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder={t.searchPlaceholder()} aria-label={t.searchLabel()} data-testid="marketplace-search" />
          <NativeSelect.Root w={{ base: 'full', sm: '56' }}>
            <NativeSelect.Field aria-label={t.category()} value={category} onChange={(e) => setCategory(e.currentTarget.value as IntegrationCategory | '')} data-testid="marketplace-category">
              <option value="">{t.allCategories()}</option>
              {INTEGRATION_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t.categories[c]()}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      ) : null}
      {shown.length === 0 ? (
        <Stack align="flex-start" gap={2}>
          <Text color="fg.muted" data-testid="marketplace-empty">
            {mine ? t.mineEmpty() : t.empty()}
          </Text>
          {!mine && (search || category) ? (
            <Button size="sm" variant="outline" onClick={() => (setSearch(''), setCategory(''))}>
              {LL.integrations.marketplace.retry()}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={4}>
          {shown.map((i) => (
            <IntegrationCard
              key={i.id}
              integration={i}
              installing={pendingId === i.id && m.install.isPending}
              toggling={pendingId === i.id && m.setActive.isPending}
              onInstall={() => install(i.id)}
              onToggle={(active) => toggle(i.id, active)}
              onDetails={() => setOpenId(i.id)}
            />
          ))}
        </SimpleGrid>
      )}
      <IntegrationDetailsDialog integration={open} onClose={() => setOpenId(null)} onOpenWebhooks={() => (setOpenId(null), onOpenWebhooks())} />
    </Stack>
  );
}
