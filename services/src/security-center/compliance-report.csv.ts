/**
 * The compliance Full Report as CSV (the JSON is the assessment itself): one line per standard, then one per
 * check, in English (the export has no locale); a UTF-8 BOM first, RFC 4180 quoting (platform/csv.ts).
 */
import { SECURITY_CHECKS, type ComplianceReport } from '@crm/contracts';
import { CSV_BOM, csvLine } from '../platform/csv.ts';

export const COMPLIANCE_REPORT_COLUMNS = ['Section', 'Id', 'Title', 'Status', 'Score', 'Points', 'Max Points', 'Details', 'Assessed At', 'Assessed By', 'Next Review'] as const;

const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}=${v === null ? 'none' : String(v)}`)
    .join('; ');

export function complianceReportCsv(report: ComplianceReport): string {
  const by = report.assessedByName ?? report.by;
  const common = [report.at, by, report.nextReview];
  const lines = [
    csvLine(COMPLIANCE_REPORT_COLUMNS),
    csvLine(['Security Score', '', 'Security Score', '', `${report.score.percent}%`, report.score.earned, report.score.max, `unavailable checks=${report.score.unavailable}`, ...common]),
    ...report.standards.map((s) =>
      csvLine(['Standard', s.standard, s.name, s.status, `${s.score}%`, '', '', `violations=${s.violations}; improvements=${s.improvements.join(' ')}`, ...common]),
    ),
    ...report.checks.map((c) => csvLine(['Check', c.id, SECURITY_CHECKS[c.id].title, c.status, '', c.earned, c.max, detailText(c.detail), ...common])),
  ];
  return `${CSV_BOM}${lines.join('')}`;
}

export const complianceReportFileName = (report: ComplianceReport, format: 'json' | 'csv') => `compliance-report-${report.at.slice(0, 10)}.${format}`;
