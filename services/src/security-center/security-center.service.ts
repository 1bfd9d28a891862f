/**
 * The Security & Audit Center (issue 14): the summary cards (Security Score, active sessions, open alerts,
 * compliance), the compliance cards, Re-assess and the Full Report. Transport-free. Facts come from the read
 * models and from the other security parts through `sources`; a source that does not exist yet leaves its fact
 * `null` and its check "unavailable".
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  SECURITY_CENTER_ERRORS,
  complianceAssessmentStreamId,
  domainError,
  eventSchemas,
  type ComplianceCard,
  type ComplianceOverview,
  type ComplianceReport,
  type ComplianceStandardResult,
  type EventStore,
  type OpenAlertsSummary,
  type SecurityCenterSummary,
} from '@crm/contracts';
import { countActiveSessions, countInactiveAccounts, findComplianceAssessment, listActiveAdminIds } from '@crm/projections';
import { recordDataExport } from '../audit/data-export.ts';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { complianceDecider } from './compliance.decider.ts';
import { assessCompliance, evaluateSecurityScore, type SecurityFacts } from './security-checks.ts';

const DAY_MS = 86_400_000;
/** An account unused this long while still active counts against the score. */
export const INACTIVE_ACCOUNT_DAYS = 90;

/**
 * Facts other parts of the system provide (security policies, MFA, alerts, the audit chain). Each is optional:
 * absent, its check is "unavailable".
 */
export interface SecurityFactSources {
  passwordPolicy?: () => Promise<{ minLength: number; refuseCommon: boolean }>;
  sessionPolicy?: () => Promise<{ idleMinutes: number; absoluteHours: number }>;
  /** Of these admin ids, how many have MFA enrolled; and whether the MFA policy requires it for admins. */
  adminMfa?: (adminIds: readonly string[]) => Promise<{ enrolled: number; requiredForAdmins: boolean }>;
  openAlerts?: () => Promise<OpenAlertsSummary>;
  /** The hash chain walked (`fresh`: now; otherwise a recent walk may answer, or null while the first one runs). */
  auditChain?: (options: { fresh: boolean }) => Promise<{ ok: boolean; checked: number } | null>;
  /** Retention of audit and personal data in days (null: none configured). */
  retentionDays?: () => Promise<number | null>;
}

export interface SecurityCenterServiceDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
  config: {
    session: { idleMs: number; absoluteMs: number };
    loginThrottle: { account: { freeAttempts: number; maxDelayMs: number } };
    publicUrl: string | null;
  };
  sources?: SecurityFactSources;
}

export interface SecurityCenterService {
  /** The facts the checks read (`fresh`: no cached audit chain walk). */
  facts(options?: { fresh?: boolean }): Promise<SecurityFacts>;
  summary(): Promise<SecurityCenterSummary>;
  compliance(): Promise<ComplianceOverview>;
  /** Runs the checks now and records a ComplianceAssessed; answers the new compliance overview. */
  reassess(ctx: CommandContext): Promise<ComplianceOverview>;
  /** One recorded assessment (the latest without an id). */
  /** An assessment's Full Report; its download is audited (`DataExported`, compliance_report) for the account `by`. */
  report(assessmentId: string | undefined, by: string, ctx: CommandContext): Promise<ComplianceReport>;
}

/** Event types declared as EXPORT audit entries; null while the registry carries no audit declarations. */
function auditedExportTypes(): { auditedExports: number } | null {
  const entries = Object.values(eventSchemas) as { audit?: { action?: unknown } }[];
  if (entries.length === 0 || entries.some((e) => !e.audit)) return null;
  return { auditedExports: entries.filter((e) => e.audit?.action === 'EXPORT').length };
}

const optional = async <T>(source: (() => Promise<T>) | undefined): Promise<T | null> => (source ? source() : null);

export function createSecurityCenterService(deps: SecurityCenterServiceDeps): SecurityCenterService {
  const { pool, store, now, config } = deps;
  const sources = deps.sources ?? {};

  async function facts(options: { fresh?: boolean } = {}): Promise<SecurityFacts> {
    const at = now();
    const [accounts, adminIds, passwordPolicy, sessionPolicy, openAlerts, auditChain, retentionDays] = await Promise.all([
      countInactiveAccounts(pool, new Date(at.getTime() - INACTIVE_ACCOUNT_DAYS * DAY_MS)),
      listActiveAdminIds(pool),
      optional(sources.passwordPolicy),
      optional(sources.sessionPolicy),
      optional(sources.openAlerts),
      sources.auditChain ? sources.auditChain({ fresh: options.fresh ?? false }) : Promise.resolve(null),
      sources.retentionDays ? sources.retentionDays() : Promise.resolve(undefined),
    ]);
    const mfa = sources.adminMfa ? await sources.adminMfa(adminIds) : null;
    return {
      adminMfa: mfa ? { admins: adminIds.length, enrolled: mfa.enrolled, requiredForAdmins: mfa.requiredForAdmins } : null,
      passwordPolicy,
      sessions: sessionPolicy ?? { idleMinutes: Math.round(config.session.idleMs / 60_000), absoluteHours: Math.round((config.session.absoluteMs / 3_600_000) * 10) / 10 },
      openAlerts,
      accounts: { active: accounts.active, inactive90Days: accounts.inactive },
      auditChain,
      exportsAudited: auditedExportTypes(),
      // Nothing configures a retention period unless a source says so: the honest answer is "none".
      retention: retentionDays === undefined ? { days: null } : { days: retentionDays },
      loginThrottle: { freeAttempts: config.loginThrottle.account.freeAttempts, maxDelaySeconds: Math.round(config.loginThrottle.account.maxDelayMs / 1000) },
      httpsPublicUrl: config.publicUrl?.startsWith('https://') ?? false,
    };
  }

  function overview(standards: ComplianceStandardResult[], assessment: { id: string; at: string; nextReview: string } | null): ComplianceOverview {
    const cards: ComplianceCard[] = standards.map((s) => ({
      ...s,
      lastAssessment: assessment?.at ?? null,
      nextReview: assessment?.nextReview ?? now().toISOString(),
    }));
    const percent = cards.length === 0 ? 0 : Math.round(cards.reduce((sum, c) => sum + c.score, 0) / cards.length);
    return { assessmentId: assessment?.id ?? null, percent, standards: cards };
  }

  async function compliance(current?: ComplianceStandardResult[]): Promise<ComplianceOverview> {
    const latest = await findComplianceAssessment(pool);
    if (latest) {
      const a = latest.assessment;
      return overview(a.standards, { id: a.assessmentId, at: a.at, nextReview: a.nextReview });
    }
    // Never assessed: the checks run now, with the review due now.
    return overview(current ?? assessCompliance(evaluateSecurityScore(await facts()).checks), null);
  }

  return {
    facts,
    async summary() {
      const f = await facts();
      const score = evaluateSecurityScore(f);
      const [activeSessions, overviewNow] = await Promise.all([
        // The idle timeout in force (the session policy's, else the configured one).
        countActiveSessions(pool, now(), f.sessions.idleMinutes * 60_000),
        compliance(assessCompliance(score.checks)),
      ]);
      return { score, activeSessions, openAlerts: f.openAlerts, compliance: overviewNow, generatedAt: now().toISOString() };
    },
    compliance: () => compliance(),
    async reassess(ctx) {
      const score = evaluateSecurityScore(await facts({ fresh: true }));
      const assessmentId = randomUUID();
      const result = await handleCommand(
        store,
        complianceAssessmentStreamId(assessmentId),
        complianceDecider,
        { type: 'AssessCompliance', assessmentId, score, standards: assessCompliance(score.checks) },
        ctx,
        { expectNew: true },
      );
      await waitForProjection({ pool, store }, 'compliance_assessments', result.checkpoint, 10_000);
      return compliance();
    },
    async report(assessmentId, by, ctx) {
      const found = await findComplianceAssessment(pool, assessmentId);
      if (!found) throw domainError(SECURITY_CENTER_ERRORS.assessment_not_found);
      await recordDataExport(store, { what: 'compliance_report', filters: { assessmentId: found.assessment.assessmentId }, by }, ctx);
      return { ...found.assessment, assessedByName: found.assessedByName };
    },
  };
}
