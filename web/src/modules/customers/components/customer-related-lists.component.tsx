import { Badge, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import type { CustomerDealView, CustomerTaskView } from '@crm/contracts/customers/customer.input';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { formatDate, formatDollars } from '../utils/customer-format.util.ts';
import { Probability } from './lead-score.component.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { dealPath } from '../../deals/utils/deal-links.util.ts';

function SimpleTable({ testId, columns, empty, rows }: { testId: string; columns: string[]; empty: string; rows: ReactNode[] }) {
  if (rows.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py={6} data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="md">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((c) => (
              <Table.ColumnHeader key={c} whiteSpace="nowrap">
                {c}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{rows}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

const STAGE_PALETTE: Record<string, string> = { closed_won: 'green', closed_lost: 'red', negotiation: 'orange', proposal: 'purple' };

/** The Deals tab: this customer's deals, each linking to the deal in the Pipeline (`/admin/pipeline/deals/<id>`), where it is edited. */
export function CustomerDeals({ deals }: { deals: CustomerDealView[] }) {
  const { LL, locale } = useI18nContext();
  const t = LL.customers.dealList;
  return (
    <SimpleTable
      testId="customer-deals"
      columns={[t.title(), t.value(), t.stage(), t.probability(), t.expectedClose()]}
      empty={t.empty()}
      rows={deals.map((deal) => (
        <Table.Row key={deal.id} data-testid="customer-deal">
          <Table.Cell fontWeight="medium">
            <ChakraLink asChild color="blue.fg" textDecoration="underline" textUnderlineOffset="2px">
              <Link href={dealPath(deal.id)} aria-label={t.open({ title: deal.title })} data-testid={`customer-deal-link-${deal.id}`}>
                <DataText>{deal.title}</DataText>
              </Link>
            </ChakraLink>
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">
            <DataText>{formatDollars(deal.value, locale)}</DataText>
          </Table.Cell>
          <Table.Cell>
            <Badge colorPalette={STAGE_PALETTE[deal.stage] ?? 'blue'} variant="subtle">
              {LL.deals.stages[deal.stage]()}
            </Badge>
          </Table.Cell>
          <Table.Cell>
            <Probability value={deal.probability} />
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDate(deal.expectedCloseDate, locale)}</Table.Cell>
        </Table.Row>
      ))}
    />
  );
}

const PRIORITY_PALETTE: Record<string, string> = { low: 'gray', medium: 'blue', high: 'orange', urgent: 'red' };
const STATUS_PALETTE: Record<string, string> = { pending: 'yellow', in_progress: 'blue', completed: 'green', cancelled: 'gray' };

/** The Tasks tab: this customer's tasks (read-only; the Task Manager edits them). */
export function CustomerTasks({ tasks }: { tasks: CustomerTaskView[] }) {
  const { LL, locale } = useI18nContext();
  const t = LL.customers.taskList;
  return (
    <SimpleTable
      testId="customer-tasks"
      columns={[t.title(), t.type(), t.status(), t.priority(), t.due()]}
      empty={t.empty()}
      rows={tasks.map((task) => (
        <Table.Row key={task.id} data-testid="customer-task">
          <Table.Cell fontWeight="medium">
            <DataText>{task.title}</DataText>
          </Table.Cell>
          <Table.Cell>{LL.tasks.types[task.type]()}</Table.Cell>
          <Table.Cell>
            <Badge colorPalette={STATUS_PALETTE[task.status] ?? 'gray'} variant="subtle">
              {LL.tasks.statuses[task.status]()}
            </Badge>
          </Table.Cell>
          <Table.Cell>
            <Badge colorPalette={PRIORITY_PALETTE[task.priority] ?? 'gray'} variant="outline">
              {LL.tasks.priorities[task.priority]()}
            </Badge>
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDate(task.dueDate, locale)}</Table.Cell>
        </Table.Row>
      ))}
    />
  );
}
