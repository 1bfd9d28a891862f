import { Button, Spinner, Stack, Tabs } from '@chakra-ui/react';
import { allows } from '@crm/contracts/identity/permissions';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useLocation, useRoute, useSearch } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { AdminAreaPanelProps } from '../../auth/utils/admin-area.types.ts';
import { AreaHeader } from '../../ui/components/area-header.component.tsx';
import { useRecordRoute } from '../../ui/hooks/use-record-route.hook.ts';
import { MARKETING_PATH, MARKETING_TABS, marketingTabOfSearch, type MarketingTab } from '../utils/marketing-tabs.util.ts';
import { CampaignDetailDialog } from './campaigns/campaign-detail-dialog.component.tsx';
import { CampaignFormDialog } from './campaigns/campaign-form-dialog.component.tsx';
import { CampaignsTab } from './campaigns/campaigns-tab.component.tsx';
import { MarketingSummaryCards } from './summary-cards.component.tsx';

// Each tab beyond the first is its own chunk.
const FormsTab = lazy(() => import('./forms/forms-tab.component.tsx').then((m) => ({ default: m.FormsTab })));
const SubmissionsTab = lazy(() => import('./submissions/submissions-tab.component.tsx').then((m) => ({ default: m.SubmissionsTab })));
const AnalyticsTab = lazy(() => import('./analytics/analytics-tab.component.tsx').then((m) => ({ default: m.AnalyticsTab })));

/**
 * The Marketing area (issue 16; spec 02 "Marketing Dashboard"): Create Form and Create Campaign in the header,
 * the four computed summary cards, and the tabs Campaigns, Lead Capture Forms, Form Submissions and Analytics
 * (`?tab=`); `/admin/marketing/campaigns/<id>` opens a campaign's detail over the Campaigns tab.
 */
export default function MarketingArea({ user }: AdminAreaPanelProps) {
  const { LL } = useI18nContext();
  const t = LL.marketing.area;
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [, record] = useRoute<{ id: string }>(`${MARKETING_PATH}/campaigns/:id`);
  const { open, close } = useRecordRoute(MARKETING_PATH);
  const [creating, setCreating] = useState(false);
  const canManage = allows(user.userType, 'marketing:manage');
  const tab = record ? 'campaigns' : marketingTabOfSearch(search);
  const selectTab = useCallback((next: MarketingTab) => navigate(`${record ? MARKETING_PATH : location}?tab=${next}`, { replace: true }), [location, navigate, record]);

  return (
    <Stack gap={5} data-testid="marketing">
      <AreaHeader
        title={t.title()}
        subtitle={t.subtitle()}
        actions={
          canManage ? (
            <>
              {/* The Lead Capture Forms tab has the form builder. */}
              <Button size="sm" variant="outline" onClick={() => navigate(`${MARKETING_PATH}?tab=forms&create=1`)} data-testid="marketing-create-form">
                {t.createForm()}
              </Button>
              <Button size="sm" colorPalette="blue" onClick={() => setCreating(true)} data-testid="marketing-create-campaign">
                {t.createCampaign()}
              </Button>
            </>
          ) : null
        }
      />
      <MarketingSummaryCards />
      <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value as MarketingTab)} variant="line" lazyMount unmountOnExit>
        <Tabs.List aria-label={t.tabsLabel()} overflowX="auto" flexWrap={{ base: 'nowrap', md: 'wrap' }}>
          {MARKETING_TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} whiteSpace="nowrap" flexShrink={0} data-testid={`marketing-tab-${id}`}>
              {t.tabs[id]()}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="campaigns">
          <CampaignsTab canManage={canManage} onView={(id) => open(`${MARKETING_PATH}/campaigns/${encodeURIComponent(id)}`)} />
        </Tabs.Content>
        {(['forms', 'submissions', 'analytics'] as const).map((id) => (
          <Tabs.Content key={id} value={id}>
            <Suspense fallback={<Spinner size="sm" />}>{id === 'forms' ? <FormsTab canManage={canManage} /> : id === 'submissions' ? <SubmissionsTab /> : <AnalyticsTab />}</Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <CampaignFormDialog open={creating} campaign={null} onClose={() => setCreating(false)} />
      <CampaignDetailDialog campaignId={record?.id ?? null} canManage={canManage} onClose={close} />
    </Stack>
  );
}
