import { Box, Table, Text } from '@chakra-ui/react';
import type { AuditChangeRow as AuditChange } from '../utils/audit-entry.types.ts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { auditValueText } from '../utils/audit-format.util.ts';

/** A value in its own direction ("(empty)" when there is none). */
function Value({ value, testId }: { value: unknown; testId: string }) {
  const { LL } = useI18nContext();
  const text = auditValueText(value);
  return text === '' ? (
    <Text as="span" color="fg.muted" fontStyle="italic" data-testid={testId}>
      {LL.auditLog.details.empty()}
    </Text>
  ) : (
    <Text as="span" dir="auto" wordBreak="break-word" data-testid={testId}>
      <bdi>{text}</bdi>
    </Text>
  );
}

/** Per-field old → new values of one entry. */
export function AuditChanges({ changes }: { changes: readonly AuditChange[] }) {
  const { LL } = useI18nContext();
  const t = LL.auditLog.details;
  if (changes.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="audit-no-changes">
        {t.noChanges()}
      </Text>
    );
  }
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="md" overflowX="auto">
      <Table.Root size="sm" data-testid="audit-changes">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{t.field()}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.oldValue()}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.newValue()}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {changes.map((c) => (
            <Table.Row key={c.field} data-testid="audit-change" data-field={c.field}>
              <Table.Cell fontFamily="mono" fontSize="xs" dir="ltr" textAlign="start">
                <bdi>{c.field}</bdi>
              </Table.Cell>
              <Table.Cell color="red.700" textDecoration={auditValueText(c.oldValue) === '' ? undefined : 'line-through'} maxW="xs">
                <Value value={c.oldValue} testId="audit-change-old" />
              </Table.Cell>
              <Table.Cell color="green.700" maxW="xs">
                <Value value={c.newValue} testId="audit-change-new" />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
