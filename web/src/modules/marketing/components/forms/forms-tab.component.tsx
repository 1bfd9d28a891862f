import { Badge, Box, HStack, IconButton, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import type { LeadFormView } from '@crm/contracts/marketing/marketing.views';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useI18nContext } from '../../../../i18n/i18n-react.tsx';
import { describeApiError } from '../../../api/api-error.util.ts';
import { serverMessage } from '../../../api/server-message.util.ts';
import { ListState, TabHeading } from '../../../integrations/components/tab-parts.component.tsx';
import { ToggleSwitch } from '../../../consent/components/toggle-switch.component.tsx';
import { ConfirmDialog } from '../../../ui/components/confirm-dialog.component.tsx';
import { DataText } from '../../../ui/components/data-text.component.tsx';
import { LineIcon } from '../../../ui/components/line-icon.component.tsx';
import { Pager } from '../../../ui/components/pager.component.tsx';
import { SearchField } from '../../../ui/components/search-field.component.tsx';
import { usePagedFilters } from '../../../ui/hooks/use-paged-filters.hook.ts';
import { toast, toastError } from '../../../ui/utils/app-toaster.util.ts';
import { useForms } from '../../hooks/use-forms.hook.ts';
import { MARKETING_PATH } from '../../utils/marketing-tabs.util.ts';
import { FormBuilderDialog } from './form-builder-dialog.component.tsx';
import { toFormCreate, toFormUpdate } from './form-builder.util.ts';
import { FormEmbedDialog } from './form-embed-dialog.component.tsx';
import { FormPreviewDialog } from './form-preview-dialog.component.tsx';

const EYE = 'M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z';
const PENCIL = 'M12 20h9 M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z';
const CODE = 'M16 18l6-6-6-6 M8 6l-6 6 6 6';
const TRASH = 'M3 6h18 M8 6V4h8v2 M19 6l-1 14H6L5 6';
/** Forms per page (two or three cards a row). */
const PAGE_SIZE = 24;

/**
 * The Lead Capture Forms tab (issue 16; spec 02 "Marketing Dashboard"): searchable cards (name, title, active,
 * the first three fields, views, submissions, conversion) with Preview, Edit, Embed code, the active switch and
 * delete; Create Form opens the builder. Without `canManage` (marketing:manage) the cards are read only: Preview and
 * Embed code stay, the create, edit, delete and active controls are not shown (the server refuses them anyway).
 */
export function FormsTab({ canManage }: { canManage: boolean }) {
  const { LL, locale } = useI18nContext();
  const t = LL.marketing.forms;
  const { filters, setFilters, page, setPage, search: settled } = usePagedFilters({ search: '' });
  const { list, create, update, remove } = useForms(settled, page, PAGE_SIZE);
  const [editing, setEditing] = useState<'new' | LeadFormView | null>(null);
  const [previewing, setPreviewing] = useState<LeadFormView | null>(null);
  const [embedding, setEmbedding] = useState<LeadFormView | null>(null);
  const [deleting, setDeleting] = useState<LeadFormView | null>(null);
  const forms = list.data?.forms ?? [];
  // The area's "Create Form" button comes here with ?create=1: open the builder and drop the flag from the URL.
  const urlSearch = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (new URLSearchParams(urlSearch).get('create') !== '1') return;
    if (canManage) setEditing('new');
    navigate(`${MARKETING_PATH}?tab=forms`, { replace: true });
  }, [urlSearch, navigate, canManage]);
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const percent = (n: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
  /** One figure of a card: the value over its label. */
  const stat = (value: string, label: string, testId: string) => (
    <Stack gap={0}>
      <Text fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast({ type: 'success', title: done });
    } catch (caught) {
      const failure = describeApiError(caught);
      toastError(LL, t.actionFailed({ reason: (failure.kind === 'server' ? serverMessage(failure, LL) : null) ?? LL.common.error() }));
    }
  };

  return (
    <Stack gap={4} data-testid="forms-tab">
      <TabHeading title={t.title()} description={t.description()} {...(canManage ? { action: { label: t.create(), onClick: () => setEditing('new'), testId: 'form-create' } } : {})} />
      <Box maxW={{ lg: '50%' }}>
        <SearchField label={t.searchLabel()} placeholder={t.searchPlaceholder()} value={filters.search} onChange={(search) => setFilters({ search })} testId="forms-search" />
      </Box>
      <ListState query={list} empty={forms.length === 0} texts={{ loading: t.loading(), loadFailed: t.loadFailed(), empty: settled ? t.noMatch() : t.empty() }} testId="forms">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={4} as="ul" listStyleType="none" aria-label={t.listLabel()}>
          {forms.map((form) => (
            <Box as="li" key={form.id} borderWidth="1px" borderColor="border.muted" rounded="lg" p={4} display="flex" flexDirection="column" gap={3} data-testid="form-card" data-form-id={form.id} data-form-slug={form.slug}>
              <HStack justify="space-between" align="flex-start" gap={2}>
                <Stack gap={0.5} minW={0}>
                  <Text fontWeight="semibold" overflowWrap="anywhere" data-testid="form-card-name">
                    <DataText>{form.name}</DataText>
                  </Text>
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="form-card-title">
                    <DataText>{form.title}</DataText>
                  </Text>
                </Stack>
                <Badge colorPalette={form.isActive ? 'green' : 'gray'} flexShrink={0} data-testid="form-card-status">
                  {form.isActive ? t.active() : t.inactive()}
                </Badge>
              </HStack>
              {form.campaignName ? (
                <Text fontSize="xs" color="fg.muted">
                  {t.campaign()}: <DataText>{form.campaignName}</DataText>
                </Text>
              ) : null}
              <Stack as="ul" gap={1} listStyleType="none" aria-label={t.fieldsLabel()}>
                {form.fields.slice(0, 3).map((field) => (
                  <HStack as="li" key={field.name} justify="space-between" fontSize="sm" data-testid="form-card-field">
                    <Text truncate>
                      <DataText>{field.label}</DataText>
                      {field.required ? ' *' : ''}
                    </Text>
                    <Badge variant="subtle" size="sm">
                      {t.fieldTypes[field.type]()}
                    </Badge>
                  </HStack>
                ))}
                {form.fields.length > 3 ? (
                  <Text as="li" fontSize="xs" color="fg.muted">
                    {t.moreFields({ count: form.fields.length - 3 })}
                  </Text>
                ) : null}
              </Stack>
              <SimpleGrid columns={3} gap={2} textAlign="center" borderTopWidth="1px" borderColor="border.muted" pt={3} mt="auto">
                {stat(number(form.views), t.views(), 'form-card-views')}
                {stat(number(form.submissionsCount), t.submissions(), 'form-card-submissions')}
                {stat(percent(form.conversionRate), t.conversion(), 'form-card-conversion')}
              </SimpleGrid>
              <HStack justify="space-between" gap={2} wrap="wrap">
                {canManage ? (
                  <HStack gap={1}>
                    <ToggleSwitch
                      checked={form.isActive}
                      disabled={update.isPending && update.variables?.id === form.id}
                      onChange={(checked) => void act(() => update.mutateAsync({ id: form.id, isActive: checked }), checked ? t.activated() : t.deactivated())}
                      labelledBy={`form-${form.id}-active-label`}
                      testId="form-card-active"
                    />
                    <Text as="span" id={`form-${form.id}-active-label`} fontSize="sm">
                      {t.activeSwitch()} <chakra.span srOnly>{form.name}</chakra.span>
                    </Text>
                  </HStack>
                ) : (
                  <span />
                )}
                <HStack gap={1} role="group" aria-label={t.actionsLabel({ name: form.name })}>
                  <IconButton size="sm" variant="ghost" aria-label={t.preview.title()} title={t.preview.title()} onClick={() => setPreviewing(form)} data-testid="form-card-preview">
                    <LineIcon d={EYE} size={18} />
                  </IconButton>
                  {canManage ? (
                    <IconButton size="sm" variant="ghost" aria-label={t.edit()} title={t.edit()} onClick={() => setEditing(form)} data-testid="form-card-edit">
                      <LineIcon d={PENCIL} size={18} />
                    </IconButton>
                  ) : null}
                  <IconButton size="sm" variant="ghost" aria-label={t.embedCode()} title={t.embedCode()} onClick={() => setEmbedding(form)} data-testid="form-card-embed">
                    <LineIcon d={CODE} size={18} />
                  </IconButton>
                  {canManage ? (
                    <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t.delete()} title={t.delete()} onClick={() => setDeleting(form)} data-testid="form-card-delete">
                      <LineIcon d={TRASH} size={18} />
                    </IconButton>
                  ) : null}
                </HStack>
              </HStack>
            </Box>
          ))}
        </SimpleGrid>
      </ListState>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} labels={t.pager} testId="forms-pager" onPage={setPage} />

      <FormBuilderDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          if (editing === 'new' || editing === null) return create.mutateAsync(toFormCreate(values));
          return update.mutateAsync(toFormUpdate(editing.id, values));
        }}
        onSaved={(form, created) => {
          setEditing(null);
          toast({ type: 'success', title: created ? t.created({ name: form.name }) : t.saved({ name: form.name }) });
        }}
      />
      <FormPreviewDialog form={previewing} onClose={() => setPreviewing(null)} />
      <FormEmbedDialog form={embedding} onClose={() => setEmbedding(null)} />
      <ConfirmDialog
        subject={deleting}
        title={t.deleteTitle()}
        text={{ sentence: (mark) => t.deleteText({ name: mark }), name: deleting?.name ?? '' }}
        cancelLabel={t.deleteCancel()}
        confirmLabel={t.deleteConfirm()}
        pending={remove.isPending}
        onConfirm={(form) =>
          void act(async () => {
            await remove.mutateAsync({ id: form.id });
            setDeleting(null);
          }, t.deleted())
        }
        onClose={() => setDeleting(null)}
        testId="form-delete"
      />
    </Stack>
  );
}
