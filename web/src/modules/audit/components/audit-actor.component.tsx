import { Stack, Text } from '@chakra-ui/react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import type { AuditEntryRow } from '../utils/audit-entry.types.ts';
import { actorLines } from '../utils/audit-format.util.ts';

/** Who acted, for a table cell: the name in its own direction with the role under it, or the role alone (System, Visitor). */
export function AuditActor({ entry }: { entry: Pick<AuditEntryRow, 'userId' | 'userName' | 'userRole'> }) {
  const { LL } = useI18nContext();
  const { name, role } = actorLines(LL.auditLog, entry);
  return (
    <Stack gap={0}>
      <Text fontWeight="medium" data-testid="audit-user">
        {name ? <DataText>{name}</DataText> : role}
      </Text>
      {name ? (
        <Text fontSize="xs" color="fg.muted">
          {role}
        </Text>
      ) : null}
    </Stack>
  );
}
