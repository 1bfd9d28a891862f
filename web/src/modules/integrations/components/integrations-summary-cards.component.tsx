import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { IntegrationsSummary } from '@crm/contracts/integrations/integration.input';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

function Card({ testId, label, value, hint }: { testId: string; label: string; value: ReactNode; hint: string }) {
  return (
    <Stack gap={1} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={testId}>
      <Text fontSize="sm" fontWeight="medium" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" data-testid={`${testId}-value`} aria-live="polite">
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * The four cards (spec 02), computed by the server: active integrations of the catalog, API requests in the last
 * 24 hours (API logs), average uptime (successful deliveries) and webhooks with the active count. A figure whose
 * source does not exist yet is '—'.
 */
export function IntegrationsSummaryCards({ summary }: { summary: IntegrationsSummary | undefined }) {
  const { LL, locale } = useI18nContext();
  const t = LL.integrations.cards;
  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  if (!summary) {
    return (
      <SimpleGrid columns={{ base: 2, xl: 4 }} gap={{ base: 3, md: 4 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="24" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const pct = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  return (
    <SimpleGrid as="section" aria-label={t.label()} columns={{ base: 2, xl: 4 }} gap={{ base: 3, md: 4 }}>
      <Card
        testId="integrations-card-active"
        label={t.active()}
        value={t.activeValue({ active: summary.activeIntegrations, total: summary.totalIntegrations })}
        hint={t.activeHint()}
      />
      <Card testId="integrations-card-requests" label={t.requests()} value={summary.apiRequests24h === null ? t.none() : n(summary.apiRequests24h)} hint={summary.apiRequests24h === null ? t.noSource() : t.requestsHint()} />
      <Card testId="integrations-card-uptime" label={t.uptime()} value={summary.averageUptime === null ? t.none() : pct(summary.averageUptime)} hint={t.uptimeHint()} />
      <Card
        testId="integrations-card-webhooks"
        label={t.webhooks()}
        value={summary.webhooks === null ? t.none() : n(summary.webhooks)}
        hint={summary.activeWebhooks === null ? t.noSource() : t.webhooksHint({ active: summary.activeWebhooks })}
      />
    </SimpleGrid>
  );
}
