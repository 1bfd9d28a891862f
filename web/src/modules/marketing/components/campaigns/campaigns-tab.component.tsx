import { Badge, Box, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, type CampaignAction, type CampaignStatus, type CampaignType } from '@crm/contracts/marketing/marketing.constants';
import type { CampaignView } from '@crm/contracts/marketing/marketing.views';
import { useState } from 'react';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { formatCount, formatDollars, formatPercent } from '../../../dashboard/utils/dashboard-format.util.ts';
import { ListState } from '../../../integrations/components/tab-parts.component.tsx';
import { DataText } from '../../../ui/components/data-text.component.tsx';
import { LabelledSelect } from '../../../ui/components/labelled-select.component.tsx';
import { LineIcon } from '../../../ui/components/line-icon.component.tsx';
import { Pager } from '../../../ui/components/pager.component.tsx';
import { SearchField } from '../../../ui/components/search-field.component.tsx';
import { usePagedFilters } from '../../../ui/hooks/use-paged-filters.hook.ts';
import { useCampaigns } from '../../hooks/use-campaigns.hook.ts';
import { useCampaignTransition } from '../../hooks/use-campaigns-transition.hook.ts';
import { CampaignFormDialog } from './campaign-form-dialog.component.tsx';
import { STATUS_PALETTE, roiDisplay } from './campaign-format.util.ts';

const EYE = 'M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z';
const PENCIL = 'M12 20h9 M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z';
const PAUSE = 'M8 5v14 M16 5v14';
const PLAY = 'M7 4l13 8-13 8z';
/** The card's one lifecycle icon: pause an active campaign, resume a paused one, activate a draft. */
const QUICK_ACTIONS: readonly CampaignAction[] = ['pause', 'resume', 'activate'];

type Choice<T extends string> = T | 'all';
interface Filters {
  search: string;
  status: Choice<CampaignStatus>;
  type: Choice<CampaignType>;
}
/** Cards per page (one, two or three a row). */
const PAGE_SIZE = 24;

/**
 * The Campaigns tab (issue 16; spec 02 "Marketing Dashboard"): searchable cards (name, type, status, budget,
 * spent, leads, conversion, ROI) with View (the detail), Edit and a pause or resume icon (activate for a draft).
 */
export function CampaignsTab({ canManage, onView }: { canManage: boolean; onView(id: string): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.marketing.campaigns;
  const { filters, setFilters, page, setPage, search: settled } = usePagedFilters<Filters>({ search: '', status: 'all', type: 'all' });
  const { status, type } = filters;
  const list = useCampaigns({ search: settled, ...(status === 'all' ? {} : { status }), ...(type === 'all' ? {} : { type }), page, limit: PAGE_SIZE });
  const [editing, setEditing] = useState<CampaignView | null>(null);
  const { run, pendingId } = useCampaignTransition();
  const campaigns = list.data?.campaigns ?? [];
  const filtered = Boolean(settled) || status !== 'all' || type !== 'all';

  const figure = (label: string, value: string, testId: string, color?: string) => (
    <Stack gap={0} minW={0}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" color={color} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );

  return (
    <Stack gap={4} data-testid="campaigns-tab">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={3} alignItems="end">
        <SearchField label={t.searchLabel()} placeholder={t.searchPlaceholder()} value={filters.search} onChange={(search) => setFilters({ ...filters, search })} testId="campaigns-search" />
        <LabelledSelect<Choice<CampaignStatus>>
          label={t.statusFilter()}
          name="status"
          value={status}
          options={['all', ...CAMPAIGN_STATUSES]}
          labelOf={(s) => (s === 'all' ? t.allStatuses() : t.statuses[s]())}
          onChange={(next) => setFilters({ ...filters, status: next })}
          testId="campaigns-status"
        />
        <LabelledSelect<Choice<CampaignType>>
          label={t.typeFilter()}
          name="type"
          value={type}
          options={['all', ...CAMPAIGN_TYPES]}
          labelOf={(s) => (s === 'all' ? t.allTypes() : t.types[s]())}
          onChange={(next) => setFilters({ ...filters, type: next })}
          testId="campaigns-type"
        />
      </SimpleGrid>
      <ListState query={list} empty={campaigns.length === 0} texts={{ loading: LL.common.loading(), loadFailed: LL.marketing.area.loadFailed(), empty: filtered ? t.empty() : t.none() }} testId="campaigns">
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap={4}>
          {campaigns.map((c) => {
            const roi = roiDisplay(c.roi, locale, t.roiNone());
            const quick = c.actions.find((a) => QUICK_ACTIONS.includes(a));
            return (
              <Box as="li" key={c.id} borderWidth="1px" borderColor="border.muted" rounded="lg" p={4} display="flex" flexDirection="column" gap={3} data-testid="campaign-card" data-campaign-id={c.id}>
                <HStack justify="space-between" align="flex-start" gap={2}>
                  <Stack gap={1} minW={0}>
                    <Text fontWeight="semibold" overflowWrap="anywhere" data-testid="campaign-card-name">
                      <DataText>{c.name}</DataText>
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t.types[c.type]()}
                    </Text>
                  </Stack>
                  <Badge colorPalette={STATUS_PALETTE[c.status]} flexShrink={0} data-testid="campaign-card-status" data-status={c.status}>
                    {t.statuses[c.status]()}
                  </Badge>
                </HStack>
                {c.description ? (
                  <Text fontSize="sm" lineClamp={2}>
                    <DataText>{c.description}</DataText>
                  </Text>
                ) : null}
                <SimpleGrid columns={{ base: 2, sm: 3 }} gap={2} borderTopWidth="1px" borderColor="border.muted" pt={3} mt="auto">
                  {figure(t.budget(), formatDollars(c.budget, locale), 'campaign-card-budget')}
                  {figure(t.spent(), formatDollars(c.spent, locale), 'campaign-card-spent')}
                  {figure(t.leads(), formatCount(c.leadsGenerated, locale), 'campaign-card-leads')}
                  {figure(t.conversion(), formatPercent(c.conversionRate, locale), 'campaign-card-conversion')}
                  {figure(t.roi(), roi.text, 'campaign-card-roi', roi.color)}
                </SimpleGrid>
                <HStack justify="flex-end" gap={1} role="group" aria-label={c.name}>
                  <IconButton size="sm" variant="ghost" aria-label={t.view()} title={t.view()} onClick={() => onView(c.id)} data-testid="campaign-card-view">
                    <LineIcon d={EYE} size={18} />
                  </IconButton>
                  {canManage ? (
                    <IconButton size="sm" variant="ghost" aria-label={t.edit()} title={t.edit()} onClick={() => setEditing(c)} data-testid="campaign-card-edit">
                      <LineIcon d={PENCIL} size={18} />
                    </IconButton>
                  ) : null}
                  {canManage && quick ? (
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={t.actions[quick]()}
                      title={t.actions[quick]()}
                      loading={pendingId === c.id}
                      onClick={() => void run(c.id, quick)}
                      data-testid={`campaign-card-${quick}`}
                    >
                      <LineIcon d={quick === 'pause' ? PAUSE : PLAY} size={18} />
                    </IconButton>
                  ) : null}
                </HStack>
              </Box>
            );
          })}
        </SimpleGrid>
      </ListState>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} labels={t.pager} testId="campaigns-pager" onPage={setPage} />
      <CampaignFormDialog open={editing !== null} campaign={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
