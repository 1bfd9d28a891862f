import { Box, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { AuditEntryRow as AuditLogEntry } from '../../audit/utils/audit-entry.types.ts';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { OutcomeBadge, RiskBadge } from '../../audit/components/audit-badges.component.tsx';
import { AuditChanges } from '../../audit/components/audit-changes.component.tsx';
import { AuditEntryFacts } from '../../audit/components/audit-entry-facts.component.tsx';
import { actionLabel, entityLabel } from '../../audit/utils/audit-format.util.ts';

/**
 * A row's detail (spec 02): timestamp, user and role, action, resource, IP address, location, user agent and
 * the details object (the event's data, secrets redacted by the server), with the per-field changes.
 */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditLogEntry | null; onClose(): void }) {
  const { LL } = useI18nContext();
  const t = LL.auditLog;
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="audit-entry-dialog">
            <Dialog.Header>
              <Stack gap={1}>
                <Dialog.Title>{entry ? `${actionLabel(t, entry.action)} · ${entityLabel(t, entry.entity)}` : t.details.title()}</Dialog.Title>
                {entry ? (
                  <HStack gap={2}>
                    <OutcomeBadge outcome={entry.outcome} />
                    <RiskBadge risk={entry.riskLevel} />
                  </HStack>
                ) : null}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              {entry ? (
                <Stack gap={5}>
                  <AuditEntryFacts entry={entry} full />
                  <Stack gap={2}>
                    <Text fontWeight="semibold" fontSize="sm">
                      {t.details.changes()}
                    </Text>
                    <AuditChanges changes={entry.changes} />
                  </Stack>
                  <Stack gap={2}>
                    <Text fontWeight="semibold" fontSize="sm">
                      {t.details.details()}
                    </Text>
                    <Box as="pre" dir="ltr" textAlign="start" bg="bg.subtle" rounded="md" p={3} fontSize="xs" overflowX="auto" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="audit-entry-details">
                      {JSON.stringify(entry.details, null, 2)}
                    </Box>
                  </Stack>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} data-testid="audit-entry-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
