import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TableStateRow } from './table-state-row.component.tsx';

interface DataTableProps<T> {
  testId: string;
  /** Read by screen readers only. */
  caption: string;
  columns: readonly string[];
  /** Rows highlight on hover. */
  interactive?: boolean;
  rows: readonly T[] | undefined;
  loading: boolean;
  loadingState: { text: string; testId: string };
  emptyState: { text: string; testId: string };
  renderRow(row: T): ReactNode;
}

/**
 * A framed, horizontally scrollable table with a header row; while the first page loads, or when there is
 * nothing to show, one state row stands in for the rows.
 */
export function DataTable<T>({ testId, caption, columns, interactive, rows, loading, loadingState, emptyState, renderRow }: DataTableProps<T>) {
  return (
    <Box bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" interactive={interactive} data-testid={testId}>
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {columns.map((label) => (
                <Table.ColumnHeader key={label} whiteSpace="nowrap" py={3}>
                  {label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading && !rows ? (
              <TableStateRow colSpan={columns.length} text={loadingState.text} testId={loadingState.testId} />
            ) : !rows || rows.length === 0 ? (
              <TableStateRow colSpan={columns.length} text={emptyState.text} testId={emptyState.testId} />
            ) : (
              rows.map(renderRow)
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
