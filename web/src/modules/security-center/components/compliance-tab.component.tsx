import { Badge, Box, Button, Card, DataList, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ComplianceCard, SecurityCenterSummary } from '@crm/contracts/security-center/security-center.input';
import { COMPLIANCE_IMPROVEMENTS_SHOWN } from '@crm/contracts/security-center/security-checks';
import { useCallback } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useDownloadReport } from '../hooks/use-download-report.hook.ts';
import { useReassess } from '../hooks/use-reassess.hook.ts';
import { ScoreBar } from './score-bar.component.tsx';
import { SecurityChecks } from './security-checks.component.tsx';

const STATUS_COLOR = { compliant: 'green', partial: 'yellow', non_compliant: 'red' } as const;

/**
 * The Compliance tab (spec 02): a card per standard with its score bar, last assessment, next review, violations
 * and the first two improvement areas; Re-assess (runs the checks now and records the assessment) and Full Report
 * (the recorded assessment, JSON or CSV). Below, the Security Score's checks.
 */
export function ComplianceTab({ summary, canManage }: { summary: SecurityCenterSummary; canManage: boolean }) {
  const { LL, locale } = useI18nContext();
  const t = LL.securityCenter.compliance;
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  const pct = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
  const reassess = useReassess({
    onDone: () => toast({ type: 'success', title: t.reassessed(), description: t.reassessedDetail() }),
    onFailed: () => toastError(LL, t.reassessFailed()),
  });
  const onReportFailed = useCallback(() => toastError(LL, t.reportFailed()), [LL, t]);
  const { download, downloading } = useDownloadReport(onReportFailed);
  const { assessmentId, standards } = summary.compliance;

  const renderCard = (card: ComplianceCard) => (
    <Card.Root key={card.standard} variant="outline" data-testid="compliance-card" data-standard={card.standard} data-status={card.status}>
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title>
            <bdi>{card.name}</bdi>
          </Card.Title>
          <Badge colorPalette={STATUS_COLOR[card.status]} variant="subtle" data-testid="compliance-status">
            {t.statuses[card.status]()}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap={3}>
        <Stack gap={1}>
          <HStack justify="space-between">
            <Text fontSize="sm" color="fg.muted">
              {t.scoreLabel({ standard: card.name })}
            </Text>
            <Text fontWeight="semibold" data-testid="compliance-score">
              {pct(card.score)}
            </Text>
          </HStack>
          <ScoreBar value={card.score} color={STATUS_COLOR[card.status]} label={t.scoreLabel({ standard: card.name })} />
        </Stack>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t.lastAssessment()}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="compliance-last-assessment">{card.lastAssessment ? date(card.lastAssessment) : t.neverAssessed()}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t.nextReview()}</DataList.ItemLabel>
            <DataList.ItemValue>{card.lastAssessment ? date(card.nextReview) : t.dueNow()}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t.violations()}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="compliance-violations">{card.violations}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb={1}>
            {t.improvements()}
          </Text>
          {card.improvements.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t.noImprovements()}
            </Text>
          ) : (
            <Stack as="ul" gap={1} ps={5} fontSize="sm" listStyleType="disc" data-testid="compliance-improvements">
              {card.improvements.slice(0, COMPLIANCE_IMPROVEMENTS_SHOWN).map((id) => (
                <li key={id}>{LL.securityCenter.checks.titles[id]()}</li>
              ))}
            </Stack>
          )}
          {card.unavailable > 0 ? (
            <Text fontSize="xs" color="fg.muted" mt={2}>
              {t.unavailableChecks({ count: card.unavailable })}
            </Text>
          ) : null}
        </Box>
      </Card.Body>
      <Card.Footer gap={2} flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={!assessmentId}
          title={assessmentId ? undefined : t.reportNeedsAssessment()}
          loading={downloading === 'json'}
          onClick={() => assessmentId && void download(assessmentId, 'json')}
          data-testid="compliance-report"
        >
          {t.fullReport()}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!assessmentId}
          loading={downloading === 'csv'}
          onClick={() => assessmentId && void download(assessmentId, 'csv')}
          data-testid="compliance-report-csv"
        >
          {t.fullReportCsv()}
        </Button>
        {canManage ? (
          <Button size="sm" colorPalette="blue" loading={reassess.isPending} onClick={() => reassess.mutate()} data-testid="compliance-reassess">
            {t.reassess()}
          </Button>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );

  return (
    <Stack gap={5} data-testid="compliance-tab">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
        {standards.map(renderCard)}
      </SimpleGrid>
      <SecurityChecks score={summary.score} />
    </Stack>
  );
}
