import { Badge, Box, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { DashboardActivity } from '@crm/contracts/dashboard/dashboard.input';
import { Link as RouterLink } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { formatAgo } from '../utils/dashboard-format.util.ts';

const KIND_COLOR = { customer: 'blue', deal: 'purple', task: 'teal' } as const;

/** Recent Activity (at most 5, spec 02 §9): each record's latest change, newest first, linking to the record. */
export function RecentActivity({ items, now }: { items: readonly DashboardActivity[]; now: number }) {
  const { LL, locale } = useI18nContext();
  const a = LL.dashboard.activity;
  const statusName = (item: DashboardActivity): string => {
    if (item.kind === 'customer') return LL.customers.statuses[item.status as keyof typeof LL.customers.statuses]();
    if (item.kind === 'deal') return LL.deals.stages[item.status as keyof typeof LL.deals.stages]();
    return LL.tasks.statuses[item.status as keyof typeof LL.tasks.statuses]();
  };
  return (
    <Box as="section" aria-labelledby="dashboard-activity-title" borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid="dashboard-activity">
      <Heading as="h3" size="sm" id="dashboard-activity-title" mb={3}>
        {a.title()}
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" data-testid="dashboard-activity-empty">
          {a.empty()}
        </Text>
      ) : (
        <List.Root as="ol" listStyle="none" ms={0} gap={0}>
          {items.map((item) => (
            <List.Item key={item.id} py={2.5} borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: 0 }} data-testid="dashboard-activity-item" data-kind={item.kind}>
              <Flex gap={3} align="flex-start" justify="space-between" wrap="wrap">
                <Stack gap={0.5} minW={0} flex="1">
                  <Flex gap={2} align="center" wrap="wrap">
                    <Badge colorPalette={KIND_COLOR[item.kind]} variant="subtle">
                      {a.kinds[item.kind]()}
                    </Badge>
                    <Link asChild fontWeight="medium" colorPalette="blue" color="colorPalette.700" truncate>
                      <RouterLink href={item.href}>
                        <DataText>{item.name}</DataText>
                      </RouterLink>
                    </Link>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    {a.actions[item.action]()} · {statusName(item)}
                    {item.email ? (
                      <>
                        {' · '}
                        <DataText>{item.email}</DataText>
                      </>
                    ) : null}
                  </Text>
                </Stack>
                <Text asChild fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                  <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString(locale)}>
                    {formatAgo(item.createdAt, locale, now)}
                  </time>
                </Text>
              </Flex>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
