import { Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { SecurityCenterSummary } from '@crm/contracts/security-center/security-center.input';
import type { ReactNode } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { ScoreBar } from './score-bar.component.tsx';

function Card({ testId, label, value, children, color }: { testId: string; label: string; value: ReactNode; children?: ReactNode; color?: string }) {
  return (
    <Stack gap={1} borderWidth="1px" borderColor="border.muted" rounded="lg" bg="bg" p={4} data-testid={testId}>
      <Text fontSize="sm" fontWeight="medium" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" color={color} data-testid={`${testId}-value`} aria-live="polite">
        {value}
      </Text>
      {children}
    </Stack>
  );
}

const scoreColor = (percent: number) => (percent >= 80 ? 'green' : percent >= 60 ? 'yellow' : 'red');

/**
 * The four summary cards (spec 02), every figure computed by the server: the Security Score from its checks,
 * sessions alive now across their users, open alerts, and compliance (mean of the standards).
 */
export function SecuritySummaryCards({ summary, onViewChecks }: { summary: SecurityCenterSummary | undefined; onViewChecks(): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.securityCenter.cards;
  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  const pct = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
  if (!summary) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap={4} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="28" rounded="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const { score, activeSessions, openAlerts, compliance } = summary;
  return (
    <SimpleGrid as="section" aria-label={t.label()} columns={{ base: 1, sm: 2, xl: 4 }} gap={4}>
      <Card testId="security-card-score" label={t.score()} value={pct(score.percent)} color={`${scoreColor(score.percent)}.700`}>
        <ScoreBar value={score.percent} color={scoreColor(score.percent)} label={t.score()} size="xs" />
        <Text fontSize="xs" color="fg.muted">{score.unavailable > 0 ? t.scoreHint({ earned: n(score.earned), max: n(score.max), unavailable: score.unavailable }) : t.scorePoints({ earned: n(score.earned), max: n(score.max) })}</Text>
        <Button size="xs" variant="plain" colorPalette="blue" px={0} alignSelf="flex-start" onClick={onViewChecks} data-testid="security-view-checks">
          {t.viewChecks()}
        </Button>
      </Card>
      <Card testId="security-card-sessions" label={t.sessions()} value={n(activeSessions.sessions)}>
        <Text fontSize="xs" color="fg.muted" data-testid="security-card-sessions-users">{t.sessionsHint({ users: activeSessions.users })}</Text>
      </Card>
      <Card testId="security-card-alerts" label={t.alerts()} value={openAlerts ? n(openAlerts.total) : '–'} color={openAlerts && openAlerts.critical + openAlerts.high > 0 ? 'red.700' : undefined}>
        <Text fontSize="xs" color="fg.muted">{openAlerts ? t.alertsHint({ critical: n(openAlerts.critical), high: n(openAlerts.high) }) : t.alertsUnavailable()}</Text>
      </Card>
      <Card testId="security-card-compliance" label={t.compliance()} value={pct(compliance.percent)} color={`${scoreColor(compliance.percent)}.700`}>
        <Text fontSize="sm" color="fg.muted">
          {t.complianceHint({ standards: compliance.standards.map((s) => `${s.name} ${pct(s.score)}`).join(' · ') })}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
