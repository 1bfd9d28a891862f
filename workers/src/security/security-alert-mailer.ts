/**
 * New high or critical alerts are mailed to every active, approved admin, one mail each in the admin's
 * language. The job id derives from the alert's event id (the alert id) and the admin's id, so raising the same
 * alert again (a replayed event) never mails twice. Alerts detected more than `maxAgeMs` (24 hours) before now are
 * not mailed: replaying history stays quiet.
 *
 * The detectors' reactor calls it right after raising (security-detectors.reactor.ts): one reactor, one pool
 * connection (each reactor holds one for its lock).
 */
import type pg from 'pg';
import { DEFAULT_LOCALE, type EventStore, type SendEmailJob } from '@crm/contracts';
import { accountFactsAt, type AccountFacts } from '../identity/account-approval.reactor.ts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMail } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { AlertDraft } from './detectors/detector.ts';
import { renderSecurityAlertMail } from './security-alert.mail.ts';

export const SECURITY_ALERT_MAIL_MAX_AGE_MS = 24 * 3600 * 1000;

/** The mail's causation id (its job id is `mail-<this>`). */
export const alertNoticeCausationId = (alertId: string, adminId: string) => `${alertId}-admin-${adminId}`;

export type AlertMailer = (alert: AlertDraft) => Promise<void>;

export function createAlertMailer(deps: {
  store: EventStore;
  pool: Pick<pg.Pool, 'query'>;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  publicUrl?: string;
  now?: () => Date;
  maxAgeMs?: number;
}): AlertMailer {
  const { store, pool, mailQueue, log } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = deps.maxAgeMs ?? SECURITY_ALERT_MAIL_MAX_AGE_MS;
  const base = deps.publicUrl?.replace(/\/+$/, '') || null;

  async function activeAdmins(): Promise<AccountFacts[]> {
    const { rows } = await pool.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE user_type = 'admin'`);
    const facts = await Promise.all(rows.map((r) => accountFactsAt(store, r.id)));
    return facts.filter((f): f is AccountFacts => !!f && f.userType === 'admin' && f.isActive && f.isApproved);
  }

  return async (alert) => {
    if (alert.severity !== 'high' && alert.severity !== 'critical') return;
    if (now().getTime() - Date.parse(alert.detectedAt) > maxAgeMs) return;
    const admins = await activeAdmins();
    for (const admin of admins) {
      await enqueueMail(
        mailQueue,
        renderSecurityAlertMail({
          to: admin.email,
          locale: admin.locale ?? DEFAULT_LOCALE,
          type: alert.type,
          severity: alert.severity,
          title: alert.title,
          description: alert.description,
          ipAddress: alert.ipAddress,
          account: alert.userName ?? alert.email,
          detectedAt: alert.detectedAt,
          link: base ? `${base}/admin/security?tab=alerts&alert=${alert.alertId}` : null,
          causationId: alertNoticeCausationId(alert.alertId, admin.userId),
        }),
      );
    }
    log.info({ alertId: alert.alertId, admins: admins.length }, 'security alert mailed to admins');
  };
}
