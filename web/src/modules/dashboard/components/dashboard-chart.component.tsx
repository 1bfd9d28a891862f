import { Box, Flex, Heading, HStack, List, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';

/** Tailwind 500 shades of the Tremor palette (web/tailwind.config.js), for legends drawn outside the chart. */
export const CHART_HEX = {
  blue: '#3b82f6',
  cyan: '#06b6d4',
  indigo: '#6366f1',
  violet: '#8b5cf6',
  emerald: '#10b981',
  rose: '#f43f5e',
  amber: '#f59e0b',
  gray: '#6b7280',
} as const;
export type ChartColor = keyof typeof CHART_HEX;

/** The chart's figures as a table: its text equivalent for screen readers. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly string[] }[];
}

interface DashboardChartProps {
  id: string;
  title: string;
  text: string;
  /** Nothing to draw: the empty state instead of the chart. */
  empty: boolean;
  emptyText: string;
  table: ChartTable;
  legend?: readonly { label: string; color: ChartColor }[];
  children: ReactNode;
}

/**
 * One dashboard chart in its card: title and description, the chart itself (hidden from assistive technology, which
 * reads the same figures from a visually hidden table instead), or an empty state. Charts are drawn left to right in
 * every language (axes and months read that way in Arabic pages too).
 */
export function DashboardChart({ id, title, text, empty, emptyText, table, legend, children }: DashboardChartProps) {
  const { LL } = useI18nContext();
  const titleId = `dashboard-${id}-title`;
  return (
    <Box as="section" aria-labelledby={titleId} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} minW={0} data-testid={`dashboard-chart-${id}`}>
      <Stack gap={0.5} mb={3}>
        <Heading as="h3" size="sm" id={titleId}>
          {title}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {text}
        </Text>
      </Stack>
      {empty ? (
        <Flex h="14rem" align="center" justify="center" borderWidth="1px" borderStyle="dashed" borderColor="border.muted" rounded="md" data-testid={`dashboard-chart-${id}-empty`}>
          <Text color="fg.muted" fontSize="sm">
            {emptyText}
          </Text>
        </Flex>
      ) : (
        <>
          {legend ? (
            <List.Root as="ul" listStyle="none" display="flex" flexWrap="wrap" gap={3} mb={2} ms={0} aria-hidden="true">
              {legend.map((item) => (
                <List.Item key={item.label}>
                  <HStack gap={1.5}>
                    <Box as="span" w="2.5" h="2.5" rounded="full" bg={CHART_HEX[item.color]} />
                    <Text as="span" fontSize="xs" color="fg.muted">
                      {item.label}
                    </Text>
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          ) : null}
          <Box aria-hidden="true" dir="ltr" data-testid={`dashboard-chart-${id}-drawing`}>
            {children}
          </Box>
          <VisuallyHidden>
            <Table.Root data-testid={`dashboard-chart-${id}-table`}>
              <Table.Caption>{LL.dashboard.charts.dataTable({ title })}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {table.columns.map((c) => (
                    <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {table.rows.map((row) => (
                  <Table.Row key={row.key}>
                    {row.cells.map((cell, k) => (
                      <Table.Cell key={k}>{cell}</Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </VisuallyHidden>
        </>
      )}
    </Box>
  );
}
