import { Badge, Box, Button, Circle, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import type { CustomerView } from '@crm/contracts/customers/customer.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataTable } from '../../ui/components/data-table.component.tsx';
import { LineIcon } from '../../ui/components/line-icon.component.tsx';
import { formatDate, formatDollars, initials } from '../utils/customer-format.util.ts';
import { CustomerStatusBadge } from './customer-status-badge.component.tsx';
import { LeadScore } from './lead-score.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';

interface CustomersTableProps {
  customers: CustomerView[] | undefined;
  loading: boolean;
  emptyText: string;
  /** Listing deleted customers: Restore instead of view / edit / delete. */
  deletedView: boolean;
  pendingId: string | null;
  onView(customer: CustomerView): void;
  onEdit(customer: CustomerView): void;
  onDelete(customer: CustomerView): void;
  onRestore(customer: CustomerView): void;
}

/** Row actions are icons (with their full name for screen readers and as a tooltip), so the nine columns fit a laptop screen. */
const ICON = {
  view: 'M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  edit: 'M17 3l4 4L8 20H4v-4zM14 6l4 4',
  delete: 'M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6',
};

function RowAction(props: { label: string; icon: string; onClick(): void; testId: string; danger?: boolean; loading?: boolean }) {
  return (
    <IconButton size="xs" variant="ghost" colorPalette={props.danger ? 'red' : 'gray'} aria-label={props.label} title={props.label} loading={props.loading} onClick={props.onClick} data-testid={props.testId}>
      <LineIcon d={props.icon} size={16} />
    </IconButton>
  );
}

/** Customer (initials, tags), Contact, Company, Status, Lead Score, Source, Value, Created, Actions (spec 02 §2). */
export function CustomersTable(props: CustomersTableProps) {
  const { customers, loading, emptyText, deletedView, pendingId, onView, onEdit, onDelete, onRestore } = props;
  const { LL, locale } = useI18nContext();
  const t = LL.customers.table;
  const a = LL.customers.actions;
  const columns = [t.customer(), t.contact(), t.company(), t.status(), t.leadScore(), t.source(), t.value(), t.created(), t.actions()];

  const row = (c: CustomerView) => (
    <Table.Row key={c.id} data-testid={`customers-row-${c.id}`} data-name={c.name}>
      <Table.Cell>
        <HStack gap={3} align="start">
          <Circle size="9" bg="blue.subtle" color="blue.fg" fontWeight="semibold" fontSize="sm" flexShrink={0} aria-hidden>
            {initials(c.name)}
          </Circle>
          <Stack gap={1} minW="10rem">
            <Text fontWeight="medium" data-testid="customer-name">
              <DataText>{c.name}</DataText>
            </Text>
            {c.tags.length > 0 ? (
              <HStack gap={1} wrap="wrap">
                {c.tags.map((tag) => (
                  <Badge key={tag} size="xs" variant="outline">
                    {tag}
                  </Badge>
                ))}
              </HStack>
            ) : null}
          </Stack>
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Stack gap={0} fontSize="sm" maxW="14rem" whiteSpace="normal" overflowWrap="anywhere">
          {c.email ? (
            <Text dir="ltr" textAlign="start">
              <bdi>{c.email}</bdi>
            </Text>
          ) : null}
          {c.phone ? (
            <Text color="fg.muted" dir="ltr" textAlign="start">
              <bdi>{c.phone}</bdi>
            </Text>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell maxW="11rem" whiteSpace="normal" overflowWrap="break-word">
        {/* A Latin name keeps its trailing "Inc." in place in a right-to-left page. */}
        <bdi>{c.company ?? ''}</bdi>
      </Table.Cell>
      <Table.Cell>
        <CustomerStatusBadge status={c.status} />
      </Table.Cell>
      <Table.Cell>
        <LeadScore score={c.leadScore} testId={`customers-score-${c.id}`} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{c.leadSource ? LL.customers.sources[c.leadSource]() : ''}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Stack gap={0}>
          <Text fontWeight="medium" data-testid={`customers-won-${c.id}`}>
            {t.wonValue({ value: formatDollars(c.wonValue, locale) })}
          </Text>
          <Text fontSize="xs" color="fg.muted" data-testid={`customers-open-${c.id}`}>
            {t.openValue({ value: formatDollars(c.openValue, locale) })}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t.deals({ count: c.totalDeals })}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <time dateTime={c.createdAt}>{formatDate(c.createdAt, locale)}</time>
        {c.deletedAt ? (
          <Text fontSize="xs" color="red.fg">
            {t.deletedOn({ date: formatDate(c.deletedAt, locale) })}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={1}>
          {deletedView ? (
            <>
              <RowAction label={a.viewLabel({ name: c.name })} icon={ICON.view} onClick={() => onView(c)} testId="customer-view" />
              <Button size="xs" variant="outline" colorPalette="green" loading={pendingId === c.id} aria-label={a.restoreLabel({ name: c.name })} onClick={() => onRestore(c)} data-testid="customer-restore">
                {a.restore()}
              </Button>
            </>
          ) : (
            <>
              <RowAction label={a.viewLabel({ name: c.name })} icon={ICON.view} onClick={() => onView(c)} testId="customer-view" />
              <RowAction label={a.editLabel({ name: c.name })} icon={ICON.edit} onClick={() => onEdit(c)} testId="customer-edit" />
              <RowAction label={a.deleteLabel({ name: c.name })} icon={ICON.delete} onClick={() => onDelete(c)} testId="customer-delete" danger loading={pendingId === c.id} />
            </>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <Box>
      <DataTable
        testId="customers-table"
        caption={t.caption()}
        columns={columns}
        rows={customers}
        loading={loading}
        loadingState={{ text: LL.customers.loading(), testId: 'customers-loading' }}
        emptyState={{ text: emptyText, testId: 'customers-empty' }}
        renderRow={row}
        stickyLastColumn
      />
    </Box>
  );
}
