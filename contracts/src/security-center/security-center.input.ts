import { z } from 'zod';
import type { ComplianceAssessment } from './compliance.events.ts';
import type { ComplianceStandardResult, SecurityScore } from './security-checks.ts';

/** Active sessions now: unexpired sessions (idle and absolute timeouts) of active accounts, and their distinct users. */
export interface ActiveSessionsSummary {
  sessions: number;
  users: number;
}

/** Open security alerts by severity; `null` while the system has no alerts read model. */
export interface OpenAlertsSummary {
  total: number;
  critical: number;
  high: number;
}

/** One compliance card: the standard's result from the latest assessment (or the checks run now, when none). */
export interface ComplianceCard extends ComplianceStandardResult {
  /** When it was last assessed (ISO); null: never, the figures are the checks run now. */
  lastAssessment: string | null;
  /** When the next review is due (ISO); with no assessment yet, now. */
  nextReview: string;
}

export interface ComplianceOverview {
  /** The latest assessment's id (the Full Report), or null when none was recorded yet. */
  assessmentId: string | null;
  /** Mean of the standards' scores, percent. */
  percent: number;
  standards: ComplianceCard[];
}

/** tRPC `securityCenter.summary`: the four cards of the Security & Audit Center. */
export interface SecurityCenterSummary {
  score: SecurityScore;
  activeSessions: ActiveSessionsSummary;
  openAlerts: OpenAlertsSummary | null;
  compliance: ComplianceOverview;
  generatedAt: string;
}

/** tRPC `securityCenter.report` / REST report: one assessment, by id or the latest. */
export const complianceReportInput = z.object({
  assessmentId: z.string().uuid({ error: 'must be an assessment id' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
});
export type ComplianceReportInput = z.output<typeof complianceReportInput>;

export type ComplianceReport = ComplianceAssessment & { assessedByName: string | null };
