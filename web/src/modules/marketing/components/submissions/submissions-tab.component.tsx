import { Badge, Box, Button, ButtonGroup, Code, Field, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { SubmissionListInput } from '@crm/contracts/marketing/marketing.input';
import type { FormSubmissionView } from '@crm/contracts/marketing/marketing.views';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { trpc } from '../../../api/trpc.client.ts';
import { customerPath } from '../../../customers/utils/customer-links.util.ts';
import { ListState, TabHeading } from '../../../integrations/components/tab-parts.component.tsx';
import { DataText } from '../../../ui/components/data-text.component.tsx';
import { FiltersPanel } from '../../../ui/components/filters-panel.component.tsx';
import { LabelledSelect } from '../../../ui/components/labelled-select.component.tsx';
import { Pager } from '../../../ui/components/pager.component.tsx';
import { SearchField } from '../../../ui/components/search-field.component.tsx';
import { usePagedFilters } from '../../../ui/hooks/use-paged-filters.hook.ts';
import { useServerDownload } from '../../../ui/hooks/use-server-download.hook.ts';
import { toastError } from '../../../ui/utils/app-toaster.util.ts';
import { useFormsCampaignOptions } from '../../hooks/use-forms-campaign-options.hook.ts';
import { useSubmissions } from '../../hooks/use-submissions.hook.ts';
import { SubmissionDetailDialog } from './submission-detail-dialog.component.tsx';
import { answersOf, answerText, exportQuery } from './submission-format.util.ts';

const PAGE_SIZE = 25;
const ALL = 'all';

interface Filters {
  search: string;
  formId: string;
  campaignId: string;
  from: string;
  to: string;
  spam: 'exclude' | 'only';
}

/**
 * The Form Submissions tab (issue 16): every submission with its data, source and UTM values and the lead it
 * created or updated (a link to the customer), filtered by form, campaign, dates and text; spam apart (its own
 * view with its count); paged on the server; CSV export of what the filters select; a row opens every detail.
 */
export function SubmissionsTab() {
  const { LL, locale } = useI18nContext();
  const t = LL.marketing.submissions;
  const { filters, setFilters, page, setPage, search } = usePagedFilters<Filters>({ search: '', formId: ALL, campaignId: ALL, from: '', to: '', spam: 'exclude' });
  const [open, setOpen] = useState<FormSubmissionView | null>(null);
  const forms = trpc.marketing.forms.options.useQuery(undefined, { staleTime: 30_000 });
  const campaigns = useFormsCampaignOptions();
  const input: Partial<SubmissionListInput> = {
    search,
    spam: filters.spam,
    ...(filters.formId !== ALL ? { formId: filters.formId } : {}),
    ...(filters.campaignId !== ALL ? { campaignId: filters.campaignId } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const list = useSubmissions({ ...input, page, limit: PAGE_SIZE });
  const onFailed = useCallback(() => toastError(LL, t.exportFailed()), [LL, t]);
  const { download, downloading } = useServerDownload({ onFailed });
  const set = <K extends keyof Filters>(key: K) => (value: Filters[K]) => setFilters({ ...filters, [key]: value });

  const rows = list.data?.submissions ?? [];
  const total = list.data?.total ?? 0;
  const spamTotal = list.data?.spamTotal ?? 0;
  const realTotal = filters.spam === 'exclude' ? total : null;
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const yesNo = { yes: t.yes(), no: t.no() };
  const fieldsOf = (formId: string) => (forms.data ?? []).find((f) => f.id === formId)?.fields ?? [];
  const summary = (s: FormSubmissionView) =>
    answersOf(s, fieldsOf(s.formId))
      .slice(0, 3)
      .map((a) => `${a.label}: ${answerText(a.value, yesNo)}`)
      .join(' · ');
  const formOptions = [ALL, ...(forms.data ?? []).map((f) => f.id)];
  const formName = (id: string) => (id === ALL ? t.allForms() : ((forms.data ?? []).find((f) => f.id === id)?.name ?? id));
  const campaignOptions = [ALL, ...(campaigns.data ?? []).map((c) => c.id)];
  const campaignName = (id: string) => (id === ALL ? t.allCampaigns() : ((campaigns.data ?? []).find((c) => c.id === id)?.name ?? id));

  const source = (s: FormSubmissionView) => (
    <Stack gap={0.5} fontSize="xs">
      {s.leadSource ? (
        <Badge variant="subtle" size="sm" alignSelf="flex-start">
          {t.leadSources[s.leadSource]()}
        </Badge>
      ) : null}
      {s.utmSource || s.utmMedium || s.utmCampaign ? (
        <Code dir="ltr" variant="plain" fontSize="xs" whiteSpace="normal" overflowWrap="anywhere" data-testid="submission-utm">
          {[s.utmSource, s.utmMedium, s.utmCampaign].map((v) => v ?? '—').join(' / ')}
        </Code>
      ) : (
        <Text color="fg.muted">{t.channels[s.channel]()}</Text>
      )}
    </Stack>
  );
  const lead = (s: FormSubmissionView) =>
    s.spam ? (
      <Badge colorPalette="red" data-testid="submission-spam-reason">
        {t.spamReasons[s.spamReason ?? 'honeypot']()}
      </Badge>
    ) : s.customerId ? (
      <Stack gap={0.5}>
        <Link asChild colorPalette="blue" fontSize="sm" onClick={(e) => e.stopPropagation()}>
          <RouterLink href={customerPath(s.customerId)} data-testid="submission-lead">
            <DataText>{s.customerName ?? s.customerId}</DataText>
          </RouterLink>
        </Link>
        <Text fontSize="xs" color="fg.muted">
          {s.leadCreated ? t.leadCreated() : t.leadUpdated()}
        </Text>
      </Stack>
    ) : (
      <Text color="fg.muted">—</Text>
    );

  return (
    <Stack gap={4} data-testid="submissions-tab">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap={3}>
        <TabHeading title={t.title()} description={t.description()} />
        <Button size="sm" variant="outline" loading={downloading !== null} onClick={() => void download(`/api/marketing/submissions/export${exportQuery(input)}`, 'form-submissions.csv', 'csv')} data-testid="submissions-export">
          {t.export()}
        </Button>
      </HStack>

      <FiltersPanel label={t.filtersLabel()} columns={6}>
        <SearchField label={t.search()} placeholder={t.searchPlaceholder()} value={filters.search} onChange={set('search')} testId="submissions-search" />
        <LabelledSelect label={t.form()} name="formId" value={filters.formId} options={formOptions} labelOf={formName} onChange={set('formId')} testId="submissions-form" />
        <LabelledSelect label={t.campaign()} name="campaignId" value={filters.campaignId} options={campaignOptions} labelOf={campaignName} onChange={set('campaignId')} testId="submissions-campaign" />
        <Field.Root>
          <Field.Label>{t.from()}</Field.Label>
          <Input type="date" size="sm" name="from" value={filters.from} max={filters.to || undefined} onChange={(e) => set('from')(e.currentTarget.value)} data-testid="submissions-from" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t.to()}</Field.Label>
          <Input type="date" size="sm" name="to" value={filters.to} min={filters.from || undefined} onChange={(e) => set('to')(e.currentTarget.value)} data-testid="submissions-to" />
        </Field.Root>
      </FiltersPanel>

      <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t.viewLabel()}>
        <Button aria-pressed={filters.spam === 'exclude'} variant={filters.spam === 'exclude' ? 'solid' : 'outline'} onClick={() => set('spam')('exclude')} data-testid="submissions-view-real">
          {realTotal === null ? t.real() : t.realCount({ count: realTotal })}
        </Button>
        <Button aria-pressed={filters.spam === 'only'} variant={filters.spam === 'only' ? 'solid' : 'outline'} colorPalette={filters.spam === 'only' ? 'red' : undefined} onClick={() => set('spam')('only')} data-testid="submissions-view-spam">
          {t.spamCount({ count: spamTotal })}
        </Button>
      </ButtonGroup>

      <ListState query={list} empty={rows.length === 0} texts={{ loading: t.loading(), loadFailed: t.loadFailed(), empty: filters.spam === 'only' ? t.spamEmpty() : t.empty() }} testId="submissions">
        <Box display={{ base: 'none', lg: 'block' }} overflowX="auto" borderWidth="1px" borderColor="border.muted" rounded="lg">
          <Table.Root size="sm" aria-label={t.listLabel()} interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.columns.form()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.data()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.source()}</Table.ColumnHeader>
                <Table.ColumnHeader>{filters.spam === 'only' ? t.columns.spamReason() : t.columns.lead()}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.columns.created()}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box srOnly>{t.columns.actions()}</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((s) => (
                <Table.Row key={s.id} data-testid="submission-row" data-submission-id={s.id} data-spam={s.spam} cursor="pointer" onClick={() => setOpen(s)}>
                  <Table.Cell fontWeight="medium">
                    <DataText>{s.formName}</DataText>
                  </Table.Cell>
                  <Table.Cell maxW="22rem" fontSize="sm" data-testid="submission-summary">
                    <Text lineClamp={2} overflowWrap="anywhere">
                      <DataText>{summary(s)}</DataText>
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{source(s)}</Table.Cell>
                  <Table.Cell>{lead(s)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap" fontSize="sm">
                    {time(s.createdAt)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpen(s);
                      }}
                      data-testid="submission-open"
                    >
                      {t.details()}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
        <Stack display={{ base: 'flex', lg: 'none' }} gap={3} as="ul" listStyleType="none" aria-label={t.listLabel()}>
          {rows.map((s) => (
            <Box as="li" key={s.id} borderWidth="1px" borderColor="border.muted" rounded="lg" p={3} data-testid="submission-card" data-spam={s.spam}>
              <HStack justify="space-between" gap={2} wrap="wrap">
                <Text fontWeight="medium">
                  <DataText>{s.formName}</DataText>
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {time(s.createdAt)}
                </Text>
              </HStack>
              <Text fontSize="sm" mt={1} overflowWrap="anywhere">
                <DataText>{summary(s)}</DataText>
              </Text>
              <HStack mt={2} justify="space-between" align="flex-start" gap={2} wrap="wrap">
                {source(s)}
                {lead(s)}
              </HStack>
              <Button mt={2} size="xs" variant="outline" onClick={() => setOpen(s)} data-testid="submission-open">
                {t.details()}
              </Button>
            </Box>
          ))}
        </Stack>
        <Pager page={page} pageSize={PAGE_SIZE} total={total} labels={t.pager} testId="submissions-pager" onPage={setPage} />
      </ListState>

      <SubmissionDetailDialog submission={open} fields={open ? fieldsOf(open.formId) : []} onClose={() => setOpen(null)} />
    </Stack>
  );
}
