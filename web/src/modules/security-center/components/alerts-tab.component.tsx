import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SECURITY_ALERT_SEVERITIES, SECURITY_ALERT_STATUSES } from '@crm/contracts/security/alert.events';
import type { SecurityAlertView } from '@crm/contracts/security/alert.input';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { ApiFailure } from '../../api/api-error.util.ts';
import { errorText } from '../../api/error-texts.util.ts';
import { useSession } from '../../auth/hooks/use-session.hook.ts';
import { I18nNamespaces } from '../../ui/components/i18n-namespaces.component.tsx';
import { LabelledSelect } from '../../ui/components/labelled-select.component.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useAlertAction, type AlertAction } from '../hooks/use-alert-action.hook.ts';
import { useSecurityAlert } from '../hooks/use-security-alert.hook.ts';
import { useSecurityAlerts } from '../hooks/use-security-alerts.hook.ts';
import { AlertCard } from './alert-card.component.tsx';
import { AlertDetailsDialog } from './alert-details-dialog.component.tsx';
import { NoteDialog } from './note-dialog.component.tsx';

const STATUS_OPTIONS: readonly ('all' | (typeof SECURITY_ALERT_STATUSES)[number])[] = ['all', ...SECURITY_ALERT_STATUSES];
const SEVERITY_OPTIONS: readonly ('all' | (typeof SECURITY_ALERT_SEVERITIES)[number])[] = ['all', ...SECURITY_ALERT_SEVERITIES];
type StatusOption = (typeof STATUS_OPTIONS)[number];
type SeverityOption = (typeof SEVERITY_OPTIONS)[number];

/** The Security Alerts tab (spec 02): alerts raised by the detectors, as cards with Resolve and Details. */
export function AlertsTab() {
  return (
    <I18nNamespaces names={['securityAlerts']}>
      <AlertsPanel />
    </I18nNamespaces>
  );
}

function AlertsPanel() {
  const { LL } = useI18nContext();
  const t = LL.securityAlerts.alerts;
  const session = useSession();
  const canManage = !!session.data?.permissions.includes('security:manage');
  const [status, setStatus] = useState<StatusOption>('all');
  const [severity, setSeverity] = useState<SeverityOption>('all');
  const alerts = useSecurityAlerts({ status, severity });
  const [details, setDetails] = useState<SecurityAlertView | null>(null);
  const [asked, setAsked] = useState<{ action: AlertAction; alert: SecurityAlertView } | null>(null);

  // `?alert=<id>` (the alert mail's link) opens that alert's details once; closing them drops it from the URL.
  const [location, navigate] = useLocation();
  const linkedId = new URLSearchParams(useSearch()).get('alert');
  const linked = useSecurityAlert(linkedId && /^[0-9a-f-]{36}$/i.test(linkedId) ? linkedId : null);
  useEffect(() => {
    if (linked.data?.alert) setDetails(linked.data.alert);
  }, [linked.data]);
  const closeDetails = useCallback(() => {
    setDetails(null);
    if (linkedId) navigate(`${location}?tab=alerts`, { replace: true });
  }, [linkedId, location, navigate]);

  const onDone = useCallback(
    (action: AlertAction) => {
      setAsked(null);
      setDetails(null);
      if (action === 'resolve') toast({ type: 'success', title: t.resolvedToastTitle(), description: t.resolvedToast() });
      else toast({ type: 'success', title: t.investigatingToastTitle(), description: t.investigatingToast() });
    },
    [t],
  );
  const onFailed = useCallback(
    (failure: ApiFailure) => {
      setAsked(null);
      const reason = failure.kind === 'server' ? ((failure.domainCode && errorText(failure.domainCode, LL)) ?? failure.message) : null;
      toastError(LL, t.actionFailed(), reason);
    },
    [LL, t],
  );
  const { run, pending } = useAlertAction({ onDone, onFailed });
  const counts = alerts.data?.counts;

  return (
    <Stack gap={4} aria-label={t.label()} as="section" data-testid="security-alerts-tab">
      <HStack gap={3} align="flex-end" wrap="wrap" role="group" aria-label={t.filters()}>
        <Box w={{ base: 'full', sm: '220px' }}>
          <LabelledSelect<StatusOption> label={t.status()} name="alert-status" value={status} options={STATUS_OPTIONS} labelOf={(o) => t.statuses[o]()} onChange={setStatus} testId="security-alerts-status" />
        </Box>
        <Box w={{ base: 'full', sm: '220px' }}>
        <LabelledSelect<SeverityOption> label={t.severity()} name="alert-severity" value={severity} options={SEVERITY_OPTIONS} labelOf={(o) => t.severities[o]()} onChange={setSeverity} testId="security-alerts-severity" />
        </Box>
        <Button size="sm" variant="outline" onClick={() => void alerts.refetch()} loading={alerts.isFetching} data-testid="security-alerts-refresh">
          {t.refresh()}
        </Button>
      </HStack>
      {counts ? (
        <Text fontSize="sm" color="fg.muted" data-testid="security-alerts-summary">
          {t.summary(counts)}
        </Text>
      ) : null}
      {alerts.isError ? (
        <LoadErrorAlert title={t.loadFailed()} onRetry={() => void alerts.refetch()} testId="security-alerts-error" />
      ) : alerts.isPending ? (
        <HStack color="fg.muted">
          <Spinner size="sm" />
          <Text>{t.loading()}</Text>
        </HStack>
      ) : alerts.data.alerts.length === 0 ? (
        <Stack gap={1} py={6} data-testid="security-alerts-empty">
          <Text fontWeight="medium">{t.empty()}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t.emptyHint()}
          </Text>
        </Stack>
      ) : (
        <Stack gap={3} data-testid="security-alerts-list">
          {alerts.data.alerts.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              canManage={canManage}
              onDetails={setDetails}
              onInvestigate={(a) => setAsked({ action: 'investigate', alert: a })}
              onResolve={(a) => setAsked({ action: 'resolve', alert: a })}
            />
          ))}
        </Stack>
      )}
      <AlertDetailsDialog alert={details} onClose={closeDetails} />
      <NoteDialog
        open={asked !== null}
        title={asked?.action === 'investigate' ? t.investigateTitle() : t.resolveTitle()}
        text={asked ? t.types[asked.alert.type]() : undefined}
        noteLabel={t.noteOptional()}
        notePlaceholder={t.notePlaceholder()}
        cancelLabel={t.cancel()}
        confirmLabel={asked?.action === 'investigate' ? t.confirmInvestigate() : t.confirmResolve()}
        pending={pending}
        onConfirm={(note) => asked && void run(asked.action, asked.alert.id, note)}
        onClose={() => setAsked(null)}
        testId="security-alert-action"
      />
    </Stack>
  );
}
