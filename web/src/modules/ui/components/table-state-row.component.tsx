import { Table } from '@chakra-ui/react';

/** One full-width muted row in place of a table's rows ("Loading...", "No results"). */
export function TableStateRow({ colSpan, text, testId }: { colSpan: number; text: string; testId: string }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} textAlign="center" py={10} color="fg.muted" data-testid={testId}>
        {text}
      </Table.Cell>
    </Table.Row>
  );
}
