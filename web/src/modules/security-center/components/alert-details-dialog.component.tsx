import { Badge, CloseButton, Dialog, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import type { SecurityAlertView } from '@crm/contracts/security/alert.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { SEVERITY_PALETTE, STATUS_PALETTE, alertDescription, alertSubject, auditLogLink } from '../utils/alert-text.util.ts';

const formatTime = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" overflowWrap="anywhere">
        {children}
      </Text>
    </Stack>
  );
}

/** An alert's details: what, when, where, who, its lifecycle, its note, and links to the audit entries of its events. */
export function AlertDetailsDialog({ alert, onClose }: { alert: SecurityAlertView | null; onClose(): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.securityAlerts.alerts;
  return (
    <Dialog.Root open={alert !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="security-alert-dialog">
            <Dialog.Header>
              <Stack gap={1}>
                <Dialog.Title>{alert ? t.types[alert.type]() : t.detailsTitle()}</Dialog.Title>
                {alert ? (
                  <HStack gap={2}>
                    <Badge colorPalette={SEVERITY_PALETTE[alert.severity]} variant="solid">
                      {t.severities[alert.severity]()}
                    </Badge>
                    <Badge colorPalette={STATUS_PALETTE[alert.status]} variant="subtle">
                      {t.statuses[alert.status]()}
                    </Badge>
                  </HStack>
                ) : null}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              {alert ? (
                <Stack gap={4}>
                  <Text>{alertDescription(LL, alert)}</Text>
                  <Stack gap={3} direction={{ base: 'column', sm: 'row' }} wrap="wrap">
                    <Fact label={t.timestamp()}>{formatTime(locale, alert.timestamp)}</Fact>
                    {alert.ipAddress ? (
                      <Fact label={t.ip()}>
                        <bdi dir="ltr">{alert.ipAddress}</bdi>
                      </Fact>
                    ) : null}
                    {alert.userId || alert.email ? (
                      <Fact label={t.user()}>
                        <DataText>{alertSubject(alert, t.unknownAccount())}</DataText>
                      </Fact>
                    ) : null}
                  </Stack>
                  {alert.investigatedAt ? <Text fontSize="sm">{t.investigatedBy({ time: formatTime(locale, alert.investigatedAt) })}</Text> : null}
                  {alert.resolvedAt ? <Text fontSize="sm">{t.resolvedBy({ time: formatTime(locale, alert.resolvedAt) })}</Text> : null}
                  {alert.note ? (
                    <Fact label={t.note()}>
                      <DataText>{alert.note}</DataText>
                    </Fact>
                  ) : null}
                  <Stack gap={1}>
                    <Text fontWeight="semibold" fontSize="sm">
                      {t.relatedEvents()}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {t.relatedHint()}
                    </Text>
                    <Stack as="ul" gap={1} listStyleType="none" data-testid="security-alert-related">
                      {[...new Set(alert.relatedEntities.length > 0 ? alert.relatedEntities : alert.relatedEvents)].map((id) => (
                        <li key={id}>
                          <Link href={auditLogLink(id)} variant="underline" colorPalette="blue" fontSize="xs" fontFamily="mono" dir="ltr" aria-label={`${t.openAuditLog()}: ${id}`}>
                            {id}
                          </Link>
                        </li>
                      ))}
                    </Stack>
                    <Text fontSize="xs" color="fg.muted" data-testid="security-alert-event-ids" overflowWrap="anywhere">
                      {t.eventIds()}: <bdi dir="ltr">{alert.relatedEvents.join(', ')}</bdi>
                    </Text>
                  </Stack>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={LL.common.close()} data-testid="security-alert-dialog-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
