/**
 * Account security notices (OWASP ASVS 5.0 V6/V7: tell the user when a credential changes):
 * - `UserProfileUpdated` whose e-mail really changed (not only its case) → a mail to the PREVIOUS address,
 *   naming the new one: the owner learns of a take-over even though the account no longer writes to them;
 * - `UserPasswordChanged` (`change` or `reset`) → a mail to the account's address.
 *
 * Enqueued on MAIL_QUEUE with the job id `mail-<event id>`: a replay or a retried batch never mails twice.
 * Events recorded more than `maxAgeMs` (24 hours) before they are handled are skipped: a first deployment (or a
 * reset checkpoint) replaying old history must not mail every account about changes made long ago.
 *
 * The account's language is not recorded anywhere (no event or table holds it), so the notices are in English.
 */
import {
  type EventStore,
  type Locale,
  type RecordedEvent,
  type SendEmailJob,
  sendEmailJobSchema,
  userEventSchemas,
  userStreamId,
} from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMail } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import { renderEmailChangedMail, renderPasswordChangedMail } from './account.mail.ts';

export const ACCOUNT_SECURITY_REACTOR = 'account-security-mail';

/** Older events are history, not news: no notice. */
export const ACCOUNT_SECURITY_MAX_AGE_MS = 24 * 3600 * 1000;

const NOTICE_LOCALE: Locale = 'en';

export interface AccountSecurityReactorDeps {
  /** Read to learn the account's address (the password event does not carry it). */
  store: EventStore;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  /** Clock for the age check (tests). */
  now?: () => Date;
  maxAgeMs?: number;
}

/**
 * The account's e-mail address as of `upTo` (the event being handled), folded from its stream:
 * UserCreated / UserRegistered set it, UserProfileUpdated changes it. As of the event and not as of now: when a
 * password change is followed by an e-mail change (a take-over), the notice still goes to the owner's address.
 */
export async function accountEmailAt(store: EventStore, userId: string, upTo: RecordedEvent): Promise<string | null> {
  const streamId = userStreamId(userId);
  const events = await store.readStream(streamId);
  let email: string | null = null;
  for (const e of events) {
    if (e.streamId === upTo.streamId && e.streamVersion > upTo.streamVersion) break;
    if (e.type === 'UserCreated') {
      const parsed = userEventSchemas.UserCreated.schema.safeParse(e.data);
      if (parsed.success) email = parsed.data.email;
    } else if (e.type === 'UserRegistered') {
      const parsed = userEventSchemas.UserRegistered.schema.safeParse(e.data);
      if (parsed.success) email = parsed.data.email;
    } else if (e.type === 'UserProfileUpdated') {
      const parsed = userEventSchemas.UserProfileUpdated.schema.safeParse(e.data);
      if (parsed.success) email = parsed.data.email;
    }
  }
  return email;
}

export function accountSecurityReactor(deps: AccountSecurityReactorDeps): Reactor {
  const { store, mailQueue, log } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = deps.maxAgeMs ?? ACCOUNT_SECURITY_MAX_AGE_MS;

  const enqueue = async (event: RecordedEvent, userId: string, job: SendEmailJob) => {
    if (!sendEmailJobSchema.safeParse(job).success) {
      log.error({ eventId: event.id, type: event.type, userId }, 'account security notice is not a valid mail job; no mail');
      return;
    }
    await enqueueMail(mailQueue, job);
    log.info({ eventId: event.id, type: event.type, userId }, 'account security notice enqueued');
  };

  const onEmailChanged = async (event: RecordedEvent) => {
    const parsed = userEventSchemas.UserProfileUpdated.schema.safeParse(event.data);
    if (!parsed.success) {
      // A malformed event will never become valid: report it and move on rather than block the reactor.
      log.error({ eventId: event.id, issues: parsed.error.issues }, 'UserProfileUpdated event does not match its schema; no mail');
      return;
    }
    const { email, previousEmail, at, userId } = parsed.data;
    // A name change, or only the case of the address: the same mailbox, nothing to tell.
    if (email.trim().toLowerCase() === previousEmail.trim().toLowerCase()) return;
    const job = renderEmailChangedMail({ to: previousEmail, newEmail: email, at, locale: NOTICE_LOCALE, causationId: event.id });
    await enqueue(event, userId, job);
  };

  const onPasswordChanged = async (event: RecordedEvent) => {
    const parsed = userEventSchemas.UserPasswordChanged.schema.safeParse(event.data);
    if (!parsed.success) {
      log.error({ eventId: event.id, issues: parsed.error.issues }, 'UserPasswordChanged event does not match its schema; no mail');
      return;
    }
    const { userId, via, at } = parsed.data;
    const to = await accountEmailAt(store, userId, event);
    if (!to) {
      log.error({ eventId: event.id, userId }, 'password changed for an account without an e-mail address in its stream; no mail');
      return;
    }
    const job = renderPasswordChangedMail({ to, via, at, locale: NOTICE_LOCALE, causationId: event.id });
    await enqueue(event, userId, job);
  };

  return {
    name: ACCOUNT_SECURITY_REACTOR,
    async handle(events) {
      for (const event of events) {
        if (event.type !== 'UserProfileUpdated' && event.type !== 'UserPasswordChanged') continue;
        const age = now().getTime() - event.timestamp.getTime();
        if (age > maxAgeMs) {
          log.info({ eventId: event.id, type: event.type, ageMs: age }, 'account security event older than the notice window; no mail');
          continue;
        }
        if (event.type === 'UserProfileUpdated') await onEmailChanged(event);
        else await onPasswordChanged(event);
      }
    },
  };
}
