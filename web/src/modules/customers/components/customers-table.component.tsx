import { Badge, Box, Button, Circle, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { CustomerView } from '@crm/contracts/crm/customer.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataTable } from '../../ui/components/data-table.component.tsx';
import { formatDate, formatDollars, initials } from '../utils/customer-format.util.ts';
import { CustomerStatusBadge } from './customer-status-badge.component.tsx';
import { LeadScore } from './lead-score.component.tsx';

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
              {c.name}
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
        {c.company ?? ''}
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
          <Text fontWeight="medium">{formatDollars(c.totalValue, locale)}</Text>
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
            <Button size="xs" variant="ghost" aria-label={a.viewLabel({ name: c.name })} onClick={() => onView(c)} data-testid="customer-view">
              {a.view()}
            </Button>
            <Button size="xs" variant="outline" colorPalette="green" loading={pendingId === c.id} aria-label={a.restoreLabel({ name: c.name })} onClick={() => onRestore(c)} data-testid="customer-restore">
              {a.restore()}
            </Button>
            </>
          ) : (
            <>
              <Button size="xs" variant="ghost" aria-label={a.viewLabel({ name: c.name })} onClick={() => onView(c)} data-testid="customer-view">
                {a.view()}
              </Button>
              <Button size="xs" variant="ghost" aria-label={a.editLabel({ name: c.name })} onClick={() => onEdit(c)} data-testid="customer-edit">
                {a.edit()}
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" loading={pendingId === c.id} aria-label={a.deleteLabel({ name: c.name })} onClick={() => onDelete(c)} data-testid="customer-delete">
                {a.delete()}
              </Button>
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
      />
    </Box>
  );
}
