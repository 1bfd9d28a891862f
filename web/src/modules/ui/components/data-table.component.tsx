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
  /** The last column (a row's actions) stays in view while the table scrolls sideways. */
  stickyLastColumn?: boolean;
}

/** The last header and the last cell of each row (not a state row) pinned to the inline end, over what scrolls. */
const STICKY_LAST_COLUMN = {
  '& tr > :last-child:not([colspan])': { position: 'sticky', insetInlineEnd: 0, zIndex: 1, boxShadow: 'inset 1px 0 0 var(--chakra-colors-border-muted)' },
  '[dir=rtl] & tr > :last-child:not([colspan])': { boxShadow: 'inset -1px 0 0 var(--chakra-colors-border-muted)' },
  '& thead tr > :last-child': { bg: 'bg.subtle' },
  '& tbody tr > :last-child': { bg: 'bg' },
} as const;

/**
 * A framed, horizontally scrollable table with a header row; while the first page loads, or when there is
 * nothing to show, one state row stands in for the rows.
 */
export function DataTable<T>({ testId, caption, columns, interactive, rows, loading, loadingState, emptyState, renderRow, stickyLastColumn }: DataTableProps<T>) {
  return (
    <Box bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" interactive={interactive} data-testid={testId} css={stickyLastColumn ? STICKY_LAST_COLUMN : undefined}>
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
