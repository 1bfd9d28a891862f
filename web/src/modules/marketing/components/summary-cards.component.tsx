import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatCount, formatDollars, formatPercent } from '../../dashboard/utils/dashboard-format.util.ts';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { useMarketingSummary } from '../hooks/use-campaigns.hook.ts';
import { roiDisplay } from './campaigns/campaign-format.util.ts';

function Card({ testId, label, value, hint, color }: { testId: string; label: string; value: string; hint: ReactNode; color?: string | undefined }) {
  return (
    <Stack gap={1} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={testId}>
      <Text fontSize="sm" fontWeight="medium" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" color={color} data-testid={`${testId}-value`} aria-live="polite">
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted" data-testid={`${testId}-hint`}>
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * The four cards (spec 02 "Marketing Dashboard"), computed by the server: total campaigns with the active count,
 * total budget with the spent, leads generated with the average conversion, average ROI (with the top campaign).
 */
export function MarketingSummaryCards() {
  const { LL, locale } = useI18nContext();
  const t = LL.marketing.cards;
  const summary = useMarketingSummary();
  if (summary.isError) return <LoadErrorAlert title={LL.marketing.area.loadFailed()} onRetry={() => void summary.refetch()} testId="marketing-summary-error" />;
  const s = summary.data;
  if (!s) {
    return (
      <SimpleGrid columns={{ base: 2, xl: 4 }} gap={{ base: 3, md: 4 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="24" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const roi = roiDisplay(s.avgROI, locale, t.none());
  const top = s.topPerformingCampaign;
  const [before, after] = top ? t.roiHint({ name: '\u0000' }).split('\u0000') : ['', ''];
  return (
    <SimpleGrid as="section" aria-label={t.label()} columns={{ base: 2, xl: 4 }} gap={{ base: 3, md: 4 }}>
      <Card testId="marketing-card-campaigns" label={t.campaigns()} value={formatCount(s.totalCampaigns, locale)} hint={t.campaignsHint({ active: s.activeCampaigns })} />
      <Card testId="marketing-card-budget" label={t.budget()} value={formatDollars(s.totalBudget, locale)} hint={t.budgetHint({ spent: formatDollars(s.totalSpent, locale) })} />
      <Card testId="marketing-card-leads" label={t.leads()} value={formatCount(s.totalLeads, locale)} hint={t.leadsHint({ rate: formatPercent(s.avgConversionRate, locale) })} />
      <Card
        testId="marketing-card-roi"
        label={t.roi()}
        value={roi.text}
        color={roi.color}
        hint={
          top ? (
            <>
              {before}
              <DataText>{top.name}</DataText>
              {after}
            </>
          ) : (
            t.roiNone()
          )
        }
      />
    </SimpleGrid>
  );
}
