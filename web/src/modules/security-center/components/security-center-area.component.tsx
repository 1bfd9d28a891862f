import { Box, Button, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { useExportAuditLog } from '../../audit/hooks/use-export-audit-log.hook.ts';
import type { AdminAreaPanelProps } from '../../auth/utils/admin-area.types.ts';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useSecuritySummary } from '../hooks/use-security-summary.hook.ts';
import { SECURITY_TABS, tabOfSearch, type SecurityTab } from '../utils/security-tabs.util.ts';
import { ComplianceTab } from './compliance-tab.component.tsx';
import { ExternalTabPanel } from './external-tab.component.tsx';
import { SecurityAuditTab } from './security-audit-tab.component.tsx';
import { SecuritySummaryCards } from './security-summary-cards.component.tsx';
import { AreaHeader } from '../../ui/components/area-header.component.tsx';

/**
 * The Security & Audit Center (issue 14; spec 02 "Security and Audit Center"): Real-time (on by default), Export
 * Logs (the audit CSV) and Security Settings (the Policies tab) in the header; four computed cards; the tabs
 * Audit Logs, Security Alerts, Access Control, Security Policies and Compliance, the tab in the URL (`?tab=`).
 */
export default function SecurityCenterArea({ user }: AdminAreaPanelProps) {
  const { LL } = useI18nContext();
  const t = LL.securityCenter;
  const [realtime, setRealtime] = useState(true);
  const summary = useSecuritySummary(realtime);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab = tabOfSearch(search);
  const selectTab = useCallback((next: SecurityTab) => navigate(`${location}?tab=${next}`, { replace: true }), [location, navigate]);
  const onExported = useCallback(() => toast({ type: 'success', title: t.toasts.exportTitle(), description: t.toasts.exported() }), [t]);
  const onExportFailed = useCallback(() => toastError(LL, t.toasts.exportFailed()), [LL, t]);
  const { exportCsv, exporting } = useExportAuditLog({ onExported, onFailed: onExportFailed });
  const canManage = user.permissions.includes('security:manage');
  const tabLabels: Record<SecurityTab, string> = {
    audit: t.tabs.audit(),
    alerts: t.tabs.alerts(),
    access: t.tabs.access(),
    policies: t.tabs.policies(),
    compliance: t.tabs.compliance(),
  };

  return (
    <Stack gap={5} data-testid="security-center">
      <AreaHeader
        title={t.title()}
        subtitle={t.subtitle()}
        actions={
          <>
            <Button
              size="sm"
              variant={realtime ? 'subtle' : 'outline'}
              colorPalette={realtime ? 'green' : 'gray'}
              aria-pressed={realtime}
              aria-describedby="security-realtime-hint"
              onClick={() => setRealtime(!realtime)}
              data-testid="security-realtime"
              data-on={String(realtime)}
            >
              <Box as="span" aria-hidden w="2" h="2" rounded="full" bg={realtime ? 'green.500' : 'gray.400'} />
              {t.realtime()}
            </Button>
            <Text id="security-realtime-hint" srOnly>
              {realtime ? t.realtimeOn() : t.realtimeOff()}
            </Text>
            <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv({ dateRange: 'all' })} data-testid="security-export-logs">
              {t.exportLogs()}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={() => selectTab('policies')} data-testid="security-settings">
              {t.settings()}
            </Button>
          </>
        }
      />
      {summary.isError ? (
        <LoadErrorAlert title={t.loadFailed()} onRetry={() => void summary.refetch()} testId="security-summary-error" />
      ) : (
        <SecuritySummaryCards summary={summary.data} onViewChecks={() => selectTab('compliance')} />
      )}
      <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value as SecurityTab)} variant="line" lazyMount unmountOnExit>
        <Tabs.List aria-label={t.tabs.label()} overflowX="auto" flexWrap={{ base: 'nowrap', md: 'wrap' }}>
          {SECURITY_TABS.map((id) => (
            <Tabs.Trigger key={id} value={id} whiteSpace="nowrap" flexShrink={0} data-testid={`security-tab-${id}`}>
              {tabLabels[id]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="audit">
          <SecurityAuditTab realtime={realtime} />
        </Tabs.Content>
        <Tabs.Content value="alerts">
          <ExternalTabPanel tab="alerts" />
        </Tabs.Content>
        <Tabs.Content value="access">
          <ExternalTabPanel tab="access" />
        </Tabs.Content>
        <Tabs.Content value="policies">
          <ExternalTabPanel tab="policies" />
        </Tabs.Content>
        <Tabs.Content value="compliance">
          {summary.data ? <ComplianceTab summary={summary.data} canManage={canManage} /> : summary.isError ? null : <Text color="fg.muted">{LL.common.loading()}</Text>}
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
