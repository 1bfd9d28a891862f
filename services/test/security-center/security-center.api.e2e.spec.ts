/**
 * The Security & Audit Center over HTTP (issue 14): tRPC `securityCenter.summary / compliance / reassess / report`
 * and REST `GET /api/admin/security/summary`, `GET /api/admin/security/compliance/report` against a running
 * platform. The cards are computed from the system's real state: sessions of logged-in accounts, the security
 * policies, MFA enrolment, alerts, the audit chain; Re-assess records ComplianceAssessed, which the audit trail
 * shows, and the Full Report downloads it as JSON or CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_CHECKS, SECURITY_CHECK_IDS, type ComplianceOverview, type SecurityCenterSummary } from '@crm/contracts';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { createAccount, loginSession, loginToken, rest, trpcClient, type TestAccount } from '../../../test-support/http.ts';
import { totpCode } from '../../../test-support/totp.ts';

let app: TestApp;
let manager: TestAccount;
let admin: Awaited<ReturnType<typeof loginSession>>;
let adminToken: string;

beforeAll(async () => {
  app = await startTestApp();
  manager = await createAccount(app, { userType: 'manager', name: 'Mona Manager' });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const checkOf = (summary: SecurityCenterSummary, id: string) => summary.score.checks.find((c) => c.id === id)!;

describe('Security & Audit Center API', () => {
  it('counts the real sessions and their users: the admin and a manager logged in → 2 sessions across 2 users', async () => {
    admin = await loginSession(app, app.admin);
    const managerToken = await loginToken(app, manager);
    const res = await admin.query('securityCenter.summary');
    expect(res.status).toBe(200);
    const summary = res.body as SecurityCenterSummary;
    expect(summary.activeSessions).toEqual({ sessions: 2, users: 2 });
    // A second session of the same account is one more session, not one more user.
    adminToken = await loginToken(app, app.admin);
    const again = (await admin.query('securityCenter.summary')).body as SecurityCenterSummary;
    expect(again.activeSessions).toEqual({ sessions: 3, users: 2 });
    expect(managerToken).toBeTruthy();
  });

  it('scores the checks from the system’s state, each with its points and a fix link', async () => {
    const res = await rest(app, '/api/admin/security/summary', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const summary = res.body.data as SecurityCenterSummary;
    expect(summary.score.checks.map((c) => c.id)).toEqual([...SECURITY_CHECK_IDS]);
    for (const check of summary.score.checks) {
      expect(check.fix).toMatch(/^\/admin\//);
      expect(check.title).toBe(SECURITY_CHECKS[check.id].title);
    }
    // The default policies: 8 characters and the common-password list; 30 min idle, 12 h absolute.
    expect(checkOf(summary, 'password_policy')).toMatchObject({ status: 'partial', detail: { minLength: 8, refuseCommon: true } });
    expect(checkOf(summary, 'session_timeouts')).toMatchObject({ status: 'passed', detail: { idleMinutes: 30, absoluteHours: 12 } });
    // One admin, no MFA enrolled, MFA not required (off on a fresh install): the score says to turn it on.
    expect(checkOf(summary, 'admin_mfa')).toMatchObject({ status: 'failed', earned: 0, detail: { admins: 1, enrolled: 0, requiredForAdmins: false } });
    expect(checkOf(summary, 'open_alerts')).toMatchObject({ status: 'passed', detail: { critical: 0, high: 0 } });
    expect(checkOf(summary, 'audit_chain').status).toBe('passed');
    expect(checkOf(summary, 'exports_audited').status).toBe('passed');
    expect(checkOf(summary, 'inactive_accounts')).toMatchObject({ status: 'passed', detail: { inactive: 0 } });
    expect(checkOf(summary, 'secure_cookies').status).toBe('failed');
    // API log retention (API_LOG_RETENTION_DAYS, default 30 days) is a configured retention period.
    expect(checkOf(summary, 'retention')).toMatchObject({ status: 'passed', detail: { days: 30 } });
    expect(summary.score.unavailable).toBe(0);
    expect(summary.score.percent).toBe(Math.round((summary.score.earned / summary.score.max) * 100));
    expect(summary.openAlerts).toEqual({ total: 0, critical: 0, high: 0 });
    // Never assessed: the cards show the checks run now, the review due now.
    expect(summary.compliance.assessmentId).toBeNull();
    expect(summary.compliance.standards.map((s) => s.standard)).toEqual(['gdpr', 'soc2']);
    for (const card of summary.compliance.standards) expect(card.lastAssessment).toBeNull();
  });

  it('Re-assess records the assessment (audited as ASSESS); the cards and the Full Report come from it', async () => {
    const res = await admin.mutation('securityCenter.reassess');
    expect(res.status).toBe(200);
    const overview = res.body as ComplianceOverview;
    expect(overview.assessmentId).toMatch(/^[0-9a-f-]{36}$/);
    const [gdpr] = overview.standards;
    expect(gdpr!.lastAssessment).not.toBeNull();
    expect(new Date(gdpr!.nextReview).getTime() - new Date(gdpr!.lastAssessment!).getTime()).toBe(90 * 86_400_000);
    expect(gdpr!.improvements.length).toBe(gdpr!.violations);
    expect(overview.percent).toBe(Math.round(overview.standards.reduce((sum, s) => sum + s.score, 0) / overview.standards.length));

    const compliance = (await admin.query('securityCenter.compliance')).body as ComplianceOverview;
    expect(compliance).toEqual(overview);

    const report = await admin.query('securityCenter.report', {});
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ assessmentId: overview.assessmentId, assessedByName: expect.any(String) });
    expect(report.body.checks).toHaveLength(SECURITY_CHECK_IDS.length);

    const json = await rest(app, `/api/admin/security/compliance/report?assessmentId=${overview.assessmentId}&format=json`, { token: adminToken });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="compliance-report-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.body.assessmentId).toBe(overview.assessmentId);

    // The browser downloads the CSV with its session cookie.
    const csv = await fetch(`${app.baseUrl}/api/admin/security/compliance/report?format=csv`, { headers: { cookie: admin.cookie! } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFFSection,Id,Title,Status,Score,Points,Max Points,Details,Assessed At,Assessed By,Next Review\r\n')).toBe(true);
    expect(text).toContain('Standard,gdpr,GDPR,');
    expect(text).toContain('Check,admin_mfa,Administrators use multi-factor authentication,failed,');

    // The audit trail shows the assessment.
    await expect
      .poll(async () => ((await admin.query('audit.list', { entity: 'compliance', dateRange: 'all', page: 1, limit: 10 })).body?.data ?? []).map((e: { action: string; entityId: string }) => `${e.action} ${e.entityId}`), { timeout: 10_000 })
      .toContain(`ASSESS ${overview.assessmentId}`);
    // Each download of the report (tRPC, REST JSON, REST CSV) is an audited export.
    const exports = async () =>
      ((await admin.query('audit.list', { entity: 'compliance', action: 'EXPORT', dateRange: 'all', page: 1, limit: 10 })).body?.data ?? []).map(
        (e: { details: { what?: string; filters?: { assessmentId?: string } } }) => `${e.details.what} ${e.details.filters?.assessmentId}`,
      );
    await expect.poll(exports, { timeout: 10_000 }).toHaveLength(3);
    expect(new Set(await exports())).toEqual(new Set([`compliance_report ${overview.assessmentId}`]));
  });

  it('refuses bad input with 400 naming the field, an unknown assessment with 404, and other roles with 403', async () => {
    const bad = await rest(app, '/api/admin/security/compliance/report?format=pdf', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.format).toBeDefined();
    const badId = await rest(app, '/api/admin/security/compliance/report?assessmentId=nope', { token: adminToken });
    expect(badId.status).toBe(400);
    expect(badId.body.errors.assessmentId).toBeDefined();
    const unknown = await rest(app, '/api/admin/security/compliance/report?assessmentId=7c9e6679-7425-40de-944b-e07fc1f90ae7', { token: adminToken });
    expect(unknown.status).toBe(404);

    const managerClient = await loginSession(app, manager);
    expect((await managerClient.query('securityCenter.summary')).status).toBe(403);
    expect((await managerClient.mutation('securityCenter.reassess')).status).toBe(403);
    expect((await trpcClient(app).query('securityCenter.summary')).status).toBe(401);
    expect((await rest(app, '/api/admin/security/summary')).status).toBe(401);
  });
  it('counts an alert the detectors raise: five wrong passwords on one account → Open Alerts 1, and the alerts check loses points', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await rest(app, '/api/admin/login', { method: 'POST', json: { email: manager.email, password: `wrong-password-${i}` } });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    await expect
      .poll(async () => ((await admin.query('securityCenter.summary')).body as SecurityCenterSummary).openAlerts, { timeout: 15_000 })
      .toEqual({ total: 1, critical: 0, high: 1 });
    const summary = (await admin.query('securityCenter.summary')).body as SecurityCenterSummary;
    expect(checkOf(summary, 'open_alerts')).toMatchObject({ status: 'partial', earned: 7.5, max: 15, detail: { critical: 0, high: 1 } });
  });
  it('admin MFA coverage: a second admin enrolled and the policy requiring MFA for admins raise the check', async () => {
    const second = await createAccount(app, { userType: 'admin', name: 'Ada Admin' });
    const client = await loginSession(app, second);
    const started = await client.mutation('mfa.startEnrolment');
    expect(started.status).toBe(200);
    expect((await client.mutation('mfa.confirmEnrolment', { code: totpCode((started.body as { secret: string }).secret) })).status).toBe(200);
    let summary = (await admin.query('securityCenter.summary')).body as SecurityCenterSummary;
    expect(checkOf(summary, 'admin_mfa')).toMatchObject({ status: 'partial', earned: 8, detail: { admins: 2, enrolled: 1, requiredForAdmins: false } });
    expect((await admin.mutation('securityPolicies.updateMfa', { requiredRoles: ['admin'] })).status).toBe(200);
    summary = (await admin.query('securityCenter.summary')).body as SecurityCenterSummary;
    expect(checkOf(summary, 'admin_mfa')).toMatchObject({ status: 'partial', earned: 12, detail: { admins: 2, enrolled: 1, requiredForAdmins: true } });
  });
});
