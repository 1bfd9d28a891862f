import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { SecurityAlertView } from '@crm/contracts/security/alert.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { DataText } from '../../ui/components/data-text.component.tsx';
import { SEVERITY_PALETTE, STATUS_PALETTE, alertDescription, alertSubject } from '../utils/alert-text.util.ts';

interface AlertCardProps {
  alert: SecurityAlertView;
  canManage: boolean;
  onInvestigate(alert: SecurityAlertView): void;
  onResolve(alert: SecurityAlertView): void;
  onDetails(alert: SecurityAlertView): void;
}

const formatTime = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** One alert (spec 02: a card with Resolve and Details): severity, status, what happened, when, where, who. */
export function AlertCard({ alert, canManage, onInvestigate, onResolve, onDetails }: AlertCardProps) {
  const { LL, locale } = useI18nContext();
  const t = LL.securityAlerts.alerts;
  return (
    <Box
      as="article"
      bg="bg"
      borderWidth="1px"
      borderColor="border.muted"
      borderInlineStartWidth="4px"
      borderInlineStartColor={`${SEVERITY_PALETTE[alert.severity]}.solid`}
      rounded="lg"
      p={4}
      data-testid="security-alert-card"
      data-alert-id={alert.id}
      data-type={alert.type}
      data-status={alert.status}
    >
      <Stack gap={2}>
        <HStack justify="space-between" align="flex-start" gap={3} wrap="wrap">
          <Stack gap={1} minW={0}>
            <Text fontWeight="semibold">{t.types[alert.type]()}</Text>
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {alertDescription(LL, alert)}
            </Text>
          </Stack>
          <HStack gap={2} flexShrink={0}>
            <Badge colorPalette={SEVERITY_PALETTE[alert.severity]} variant="solid" data-testid="security-alert-severity">
              {t.severities[alert.severity]()}
            </Badge>
            <Badge colorPalette={STATUS_PALETTE[alert.status]} variant="subtle" data-testid="security-alert-status">
              {t.statuses[alert.status]()}
            </Badge>
          </HStack>
        </HStack>
        <HStack gap={4} fontSize="xs" color="fg.muted" wrap="wrap">
          <Text>{t.detected({ time: formatTime(locale, alert.timestamp) })}</Text>
          {alert.ipAddress ? (
            <Text>
              {t.ip()}: <bdi dir="ltr">{alert.ipAddress}</bdi>
            </Text>
          ) : null}
          {alert.userId || alert.email ? (
            <Text>
              {t.user()}: <DataText>{alertSubject(alert, t.unknownAccount())}</DataText>
            </Text>
          ) : null}
        </HStack>
        <HStack gap={2} justify="flex-end" wrap="wrap">
          <Button size="xs" variant="ghost" onClick={() => onDetails(alert)} data-testid="security-alert-details">
            {t.details()}
          </Button>
          {canManage && alert.status === 'open' ? (
            <Button size="xs" variant="outline" onClick={() => onInvestigate(alert)} data-testid="security-alert-investigate">
              {t.investigate()}
            </Button>
          ) : null}
          {canManage && alert.status !== 'resolved' ? (
            <Button size="xs" colorPalette="green" onClick={() => onResolve(alert)} data-testid="security-alert-resolve">
              {t.resolve()}
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </Box>
  );
}
