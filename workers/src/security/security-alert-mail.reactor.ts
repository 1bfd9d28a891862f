/**
 * New high or critical alerts (`SecurityAlertRaised`) are mailed to every active, approved admin, one mail each
 * in the admin's language; job id from the alert event's id and the admin's id, so a replay never mails twice.
 * Alerts more than `maxAgeMs` (24 hours) old when handled are not mailed (a replay of history stays quiet).
 */
import type pg from 'pg';
import { DEFAULT_LOCALE, securityAlertRaisedV1, type EventStore, type SendEmailJob } from '@crm/contracts';
import { accountFactsAt, type AccountFacts } from '../identity/account-approval.reactor.ts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMail } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import { renderSecurityAlertMail } from './security-alert.mail.ts';

export const SECURITY_ALERT_MAIL_REACTOR = 'security-alert-mail';
export const SECURITY_ALERT_MAIL_MAX_AGE_MS = 24 * 3600 * 1000;

export const alertNoticeCausationId = (eventId: string, adminId: string) => `${eventId}-admin-${adminId}`;

export function securityAlertMailReactor(deps: {
  store: EventStore;
  pool: Pick<pg.Pool, 'query'>;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  publicUrl?: string;
  now?: () => Date;
  maxAgeMs?: number;
}): Reactor {
  const { store, pool, mailQueue, log } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = deps.maxAgeMs ?? SECURITY_ALERT_MAIL_MAX_AGE_MS;
  const base = deps.publicUrl?.replace(/\/+$/, '') || null;

  async function activeAdmins(): Promise<AccountFacts[]> {
    const { rows } = await pool.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE user_type = 'admin'`);
    const facts = await Promise.all(rows.map((r) => accountFactsAt(store, r.id)));
    return facts.filter((f): f is AccountFacts => !!f && f.userType === 'admin' && f.isActive && f.isApproved);
  }

  return {
    name: SECURITY_ALERT_MAIL_REACTOR,
    async handle(events) {
      for (const event of events) {
        if (event.type !== 'SecurityAlertRaised') continue;
        const parsed = securityAlertRaisedV1.safeParse(event.data);
        if (!parsed.success) {
          log.error({ eventId: event.id }, 'SecurityAlertRaised does not match its schema; no mail');
          continue;
        }
        const alert = parsed.data;
        if (alert.severity !== 'high' && alert.severity !== 'critical') continue;
        const age = now().getTime() - event.timestamp.getTime();
        if (age > maxAgeMs) continue;
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
              causationId: alertNoticeCausationId(event.id, admin.userId),
            }),
          );
        }
        log.info({ alertId: alert.alertId, admins: admins.length }, 'security alert mailed to admins');
      }
    },
  };
}
