/**
 * LeadFormSubmitted → the auto-responder to the submitter and a notification to each of the form's notification
 * addresses, enqueued on MAIL_QUEUE (job ids from the event id: a replay or a retried batch never enqueues twice;
 * `mail_sent` keeps a re-enqueued job from sending twice). The form's settings are read from `marketing_forms`
 * when the event is handled. Submissions older than 7 days (a reset checkpoint replaying history) are skipped.
 * Spam (LeadFormSpamReceived) is never mailed.
 */
import type pg from 'pg';
import { marketingEventSchemas, type RecordedEvent, type SendEmailJob } from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMail } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import { renderAutoResponderMail, renderSubmissionNotificationMails, type FormForMail } from './lead-form.mail.ts';

export const LEAD_FORM_MAIL_REACTOR = 'lead-form-mail';
export const LEAD_FORM_MAIL_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export interface LeadFormMailReactorDeps {
  mailQueue: AppQueue<SendEmailJob>;
  pool: Pick<pg.Pool, 'query'>;
  log: WorkerLogger;
  publicUrl?: string;
  now?: () => Date;
}

export function leadFormMailReactor(deps: LeadFormMailReactorDeps): Reactor {
  const { mailQueue, pool, log } = deps;
  const now = deps.now ?? (() => new Date());
  const { schema } = marketingEventSchemas.LeadFormSubmitted;

  async function formOf(formId: string): Promise<FormForMail | null> {
    const { rows } = await pool.query('SELECT name, title, fields, settings FROM marketing_forms WHERE id = $1', [formId]);
    return (rows[0] as FormForMail | undefined) ?? null;
  }

  const handleOne = async (event: RecordedEvent) => {
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) {
      log.error({ eventId: event.id, issues: parsed.error.issues }, 'LeadFormSubmitted event does not match its schema; no mail');
      return;
    }
    const d = parsed.data;
    if (now().getTime() - Date.parse(d.submittedAt) > LEAD_FORM_MAIL_MAX_AGE_MS) return;
    const form = await formOf(d.formId);
    if (!form) {
      log.warn({ eventId: event.id, formId: d.formId }, 'lead form not in the read model; submission not mailed');
      return;
    }
    const mails = [renderAutoResponderMail({ id: event.id, data: d }, form), ...renderSubmissionNotificationMails({ id: event.id, data: d }, form, { publicUrl: deps.publicUrl })];
    for (const mail of mails) if (mail) await enqueueMail(mailQueue, mail);
    log.info({ eventId: event.id, submissionId: d.submissionId, mails: mails.filter(Boolean).length }, 'lead form submission mails enqueued');
  };

  return {
    name: LEAD_FORM_MAIL_REACTOR,
    async handle(events) {
      for (const event of events) if (event.type === 'LeadFormSubmitted') await handleOne(event);
    },
  };
}
