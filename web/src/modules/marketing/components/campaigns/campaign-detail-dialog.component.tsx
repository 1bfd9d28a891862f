import { Alert, Badge, Box, Button, CloseButton, Dialog, Field, Heading, HStack, IconButton, Input, Link, Portal, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { MARKETING_LIMITS } from '@crm/contracts/marketing/marketing.constants';
import type { CampaignDetail } from '@crm/contracts/marketing/marketing.views';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../../api/api-error.util.ts';
import { serverMessage } from '../../../api/server-message.util.ts';
import { formatCount, formatDollars, formatPercent } from '../../../dashboard/utils/dashboard-format.util.ts';
import { ConfirmDialog } from '../../../ui/components/confirm-dialog.component.tsx';
import { DataText } from '../../../ui/components/data-text.component.tsx';
import { LineIcon } from '../../../ui/components/line-icon.component.tsx';
import { LoadErrorAlert } from '../../../ui/components/load-error-alert.component.tsx';
import { toast, toastError } from '../../../ui/utils/app-toaster.util.ts';
import { useCampaignDetail, useCampaignMutations } from '../../hooks/use-campaigns.hook.ts';
import { useCampaignTransition } from '../../hooks/use-campaigns-transition.hook.ts';
import { CampaignFormDialog } from './campaign-form-dialog.component.tsx';
import { STATUS_PALETTE, roiDisplay } from './campaign-format.util.ts';

const TRASH = 'M3 6h18 M8 6V4h8v2 M19 6l-1 14H6L5 6';
const today = () => new Date().toISOString().slice(0, 10);

interface CampaignDetailDialogProps {
  /** The campaign shown (`/admin/marketing/campaigns/<id>`); null: closed. */
  campaignId: string | null;
  canManage: boolean;
  onClose(): void;
}

/**
 * A campaign's detail (the area's deep link): its figures (budget, spent, leads, customers won, conversion, won
 * value, ROI), the lifecycle buttons its status allows, its leads with their deals (links to the customer), its
 * cost entries (add, remove) and its forms; Edit opens the campaign form.
 */
export function CampaignDetailDialog({ campaignId, canManage, onClose }: CampaignDetailDialogProps) {
  const { LL } = useI18nContext();
  const t = LL.marketing.campaigns;
  const detail = useCampaignDetail(campaignId);
  const [editing, setEditing] = useState(false);
  const c = detail.data;
  return (
    <Dialog.Root open={campaignId !== null} onOpenChange={(d) => (d.open ? undefined : onClose())} size={{ base: 'full', md: 'xl' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="campaign-detail">
            <Dialog.Header>
              <Dialog.Title>{c ? <DataText>{c.name}</DataText> : t.detail.title()}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {detail.isPending ? (
                <Spinner size="sm" />
              ) : detail.isError ? (
                detail.error.data?.code === 'NOT_FOUND' ? (
                  <Alert.Root status="warning" data-testid="campaign-detail-not-found">
                    <Alert.Indicator />
                    <Alert.Description>{t.detail.notFound()}</Alert.Description>
                  </Alert.Root>
                ) : (
                  <LoadErrorAlert title={LL.marketing.area.loadFailed()} onRetry={() => void detail.refetch()} testId="campaign-detail-error" />
                )
              ) : c ? (
                <CampaignDetailBody campaign={c} canManage={canManage} onEdit={() => setEditing(true)} />
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="campaign-detail-done">
                {t.detail.close()}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} data-testid="campaign-detail-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      <CampaignFormDialog open={editing && c !== undefined} campaign={c ?? null} onClose={() => setEditing(false)} />
    </Dialog.Root>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack as="section" gap={2} data-testid={testId}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function CampaignDetailBody({ campaign: c, canManage, onEdit }: { campaign: CampaignDetail; canManage: boolean; onEdit(): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.marketing.campaigns;
  const d = t.detail;
  const { run, pendingId } = useCampaignTransition();
  const [cancelling, setCancelling] = useState<CampaignDetail | null>(null);
  const roi = roiDisplay(c.roi, locale, t.roiNone());
  const date = (d: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const audience = Object.entries(c.targetAudience);
  const money = (v: number) => formatDollars(v, locale);
  const figure = (label: string, value: string, testId: string, color?: string) => (
    <Stack gap={0}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" color={color} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Stack gap={6}>
      <HStack gap={2} wrap="wrap">
        <Badge colorPalette={STATUS_PALETTE[c.status]} data-testid="campaign-detail-status" data-status={c.status}>
          {t.statuses[c.status]()}
        </Badge>
        <Badge variant="outline">{t.types[c.type]()}</Badge>
        <Text fontSize="sm" color="fg.muted">
          {t.utm()}: <DataText>{c.utmCampaign}</DataText>
        </Text>
      </HStack>
      {c.description ? (
        <Text fontSize="sm">
          <DataText>{c.description}</DataText>
        </Text>
      ) : null}
      <Stack gap={1} fontSize="sm" color="fg.muted">
        <Text data-testid="campaign-detail-dates">
          {t.dates()}: {c.startDate || c.endDate ? t.dateRange({ start: c.startDate ? date(c.startDate) : '…', end: c.endDate ? date(c.endDate) : '…' }) : t.noDates()}
        </Text>
        {audience.length > 0 ? (
          <Text data-testid="campaign-detail-audience">
            {d.audience()}:{' '}
            {audience.map(([key, value], i) => (
              <span key={key}>
                {i > 0 ? ', ' : ''}
                <DataText>{value ? `${key}: ${value}` : key}</DataText>
              </span>
            ))}
          </Text>
        ) : null}
        {c.createdByName ? (
          <Text>
            {t.createdBy({ name: '\u0000' }).split('\u0000')[0]}
            <DataText>{c.createdByName}</DataText>
            {t.createdBy({ name: '\u0000' }).split('\u0000')[1]}
          </Text>
        ) : null}
      </Stack>
      {canManage ? (
        <Section title={d.lifecycle()} testId="campaign-detail-lifecycle">
          <HStack gap={2} wrap="wrap">
            {c.actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'cancel' ? 'outline' : 'solid'}
                colorPalette={action === 'cancel' ? 'red' : 'blue'}
                loading={pendingId === c.id}
                onClick={() => (action === 'cancel' ? setCancelling(c) : void run(c.id, action))}
                data-testid={`campaign-detail-${action}`}
              >
                {t.actions[action]()}
              </Button>
            ))}
            <Button size="sm" variant="outline" onClick={onEdit} data-testid="campaign-detail-edit">
              {t.edit()}
            </Button>
          </HStack>
        </Section>
      ) : null}
      <Section title={d.figures()} testId="campaign-detail-figures">
        <SimpleGrid columns={{ base: 2, sm: 4 }} gap={3}>
          {figure(t.budget(), money(c.budget), 'campaign-detail-budget')}
          {figure(t.spent(), money(c.spent), 'campaign-detail-spent')}
          {figure(t.leads(), formatCount(c.leadsGenerated, locale), 'campaign-detail-leads')}
          {figure(t.customersWon(), formatCount(c.customersWon, locale), 'campaign-detail-won')}
          {figure(t.conversion(), formatPercent(c.conversionRate, locale), 'campaign-detail-conversion')}
          {figure(t.wonValue(), money(c.wonValue), 'campaign-detail-won-value')}
          {figure(t.roi(), roi.text, 'campaign-detail-roi', roi.color)}
        </SimpleGrid>
      </Section>
      <Section title={d.leads()} testId="campaign-detail-leads-list">
        {c.leads.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {d.noLeads()}
          </Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{d.leadName()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{d.leadStatus()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{d.leadForm()}</Table.ColumnHeader>
                  <Table.ColumnHeader>{d.deals()}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {c.leads.map((lead) => (
                  <Table.Row key={lead.customerId} data-testid="campaign-lead">
                    <Table.Cell>
                      <Link asChild colorPalette="blue" color="colorPalette.700">
                        <RouterLink href={`/admin/customers/${encodeURIComponent(lead.customerId)}`}>
                          <DataText>{lead.name}</DataText>
                        </RouterLink>
                      </Link>
                      {lead.email ? (
                        <Text fontSize="xs" color="fg.muted">
                          <DataText>{lead.email}</DataText>
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{lead.status in LL.customers.statuses ? LL.customers.statuses[lead.status as keyof typeof LL.customers.statuses]() : lead.status}</Table.Cell>
                    <Table.Cell>{lead.formName ? <DataText>{lead.formName}</DataText> : '—'}</Table.Cell>
                    <Table.Cell>
                      {lead.deals.length === 0 ? (
                        <Text color="fg.muted">{d.noDeals()}</Text>
                      ) : (
                        <Stack gap={0.5}>
                          {lead.deals.map((deal) => (
                            <Link key={deal.id} asChild fontSize="sm" colorPalette="blue" color="colorPalette.700">
                              <RouterLink href={`/admin/pipeline/deals/${encodeURIComponent(deal.id)}`}>
                                <DataText>{deal.title}</DataText> ({deal.stage in LL.deals.stages ? LL.deals.stages[deal.stage as keyof typeof LL.deals.stages]() : deal.stage}): {money(deal.value)}
                              </RouterLink>
                            </Link>
                          ))}
                        </Stack>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Section>
      <CostEntries campaign={c} canManage={canManage} />
      <ConfirmDialog
        subject={cancelling}
        title={t.cancelTitle()}
        text={{ sentence: (mark) => t.cancelConfirm({ name: mark }), name: c.name }}
        cancelLabel={t.cancelKeep()}
        confirmLabel={t.actions.cancel()}
        pending={pendingId === c.id}
        onConfirm={(subject) => void run(subject.id, 'cancel').then(() => setCancelling(null))}
        onClose={() => setCancelling(null)}
        testId="campaign-cancel"
      />
      <Section title={d.forms()} testId="campaign-detail-forms">
        {c.forms.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {d.noForms()}
          </Text>
        ) : (
          <Stack as="ul" gap={1} listStyleType="none">
            {c.forms.map((f) => (
              <Text as="li" key={f.id} fontSize="sm">
                <DataText>{f.name}</DataText>{' '}
                <Text as="span" color="fg.muted" dir="ltr">
                  /f/{f.slug}
                </Text>
              </Text>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

function CostEntries({ campaign: c, canManage }: { campaign: CampaignDetail; canManage: boolean }) {
  const { LL, locale } = useI18nContext();
  const d = LL.marketing.campaigns.detail;
  const { addCost, removeCost } = useCampaignMutations();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const money = (v: number) => formatDollars(v, locale);
  const closed = c.status === 'completed' || c.status === 'cancelled';

  const failed = (caught: unknown) => {
    const failure = describeApiError(caught);
    toastError(LL, d.costFailed(), failure.kind === 'server' ? serverMessage(failure, LL) : null);
  };
  const add = async () => {
    const value = Number(amount);
    if (!(value > 0) || !date) {
      setError(d.amountRequired());
      return;
    }
    setError(null);
    try {
      await addCost.mutateAsync({ campaignId: c.id, amount: value, date, note: note.trim() || null });
      setAmount('');
      setNote('');
      toast({ type: 'success', title: d.costAdded() });
    } catch (caught) {
      failed(caught);
    }
  };
  const remove = async (costId: string) => {
    try {
      await removeCost.mutateAsync({ campaignId: c.id, costId });
      toast({ type: 'success', title: d.costRemoved() });
    } catch (caught) {
      failed(caught);
    }
  };

  return (
    <Section title={d.costs()} testId="campaign-detail-costs">
      {c.costs.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="campaign-costs-empty">
          {d.noCosts()}
        </Text>
      ) : (
        <Stack as="ul" gap={1} listStyleType="none">
          {c.costs.map((cost) => (
            <HStack as="li" key={cost.id} justify="space-between" gap={2} borderBottomWidth="1px" borderColor="border.muted" py={1} data-testid="campaign-cost">
              <HStack gap={3} minW={0} wrap="wrap">
                <Text fontWeight="medium" data-testid="campaign-cost-amount">
                  {money(cost.amount)}
                </Text>
                <Text fontSize="sm" color="fg.muted" dir="ltr">
                  {cost.date}
                </Text>
                {cost.note ? (
                  <Text fontSize="sm">
                    <DataText>{cost.note}</DataText>
                  </Text>
                ) : null}
              </HStack>
              {canManage && !closed ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={d.removeLabel({ amount: money(cost.amount), date: cost.date })}
                  title={d.remove()}
                  loading={removeCost.isPending && removeCost.variables?.costId === cost.id}
                  onClick={() => void remove(cost.id)}
                  data-testid="campaign-cost-remove"
                >
                  <LineIcon d={TRASH} size={16} />
                </IconButton>
              ) : null}
            </HStack>
          ))}
        </Stack>
      )}
      {canManage && !closed ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <SimpleGrid columns={{ base: 1, sm: 4 }} gap={2} alignItems="end">
            <Field.Root required invalid={error !== null}>
              <Field.Label>{d.amount()}</Field.Label>
              <Input size="sm" type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} data-testid="campaign-cost-amount-input" />
            </Field.Root>
            <Field.Root required invalid={error !== null}>
              <Field.Label>{d.date()}</Field.Label>
              <Input size="sm" type="date" dir="ltr" value={date} onChange={(e) => setDate(e.currentTarget.value)} data-testid="campaign-cost-date-input" />
            </Field.Root>
            <Field.Root>
              <Field.Label>{d.note()}</Field.Label>
              <Input size="sm" maxLength={MARKETING_LIMITS.costNote} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-testid="campaign-cost-note-input" />
            </Field.Root>
            <Button size="sm" type="submit" colorPalette="blue" loading={addCost.isPending} data-testid="campaign-cost-add">
              {d.addCost()}
            </Button>
          </SimpleGrid>
          {error ? (
            <Text fontSize="sm" color="red.fg" mt={1} role="alert" data-testid="campaign-cost-error">
              {error}
            </Text>
          ) : null}
        </form>
      ) : null}
    </Section>
  );
}
