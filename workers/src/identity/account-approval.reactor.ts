/**
 * Approval mails:
 * - `UserRegistered` (self-registration, awaiting approval) → every active, approved admin is told, one mail
 *   each (job id from the event id and the admin's id, so a replay or a retried batch never mails twice);
 * - `UserApproved` → the person is told they can log in now (job id from the event id).
 *
 * Each mail is in its recipient's language where the account's stream knows it (the page language it
 * registered or accepted its invitation in), English otherwise. Events more than `maxAgeMs` (24 hours) old when
 * handled are skipped: replaying history must not mail about approvals long done.
 *
 * The admins are found through the users read model (whose rows are admins: a handful), and each one's state
 * (active, approved, address) is then read from its own stream.
 */
import type pg from 'pg';
import {
  DEFAULT_LOCALE,
  type EventStore,
  type Locale,
  type RecordedEvent,
  type SendEmailJob,
  type UserType,
  sendEmailJobSchema,
  userEventSchemas,
  userStreamId,
} from '@crm/contracts';
import type { WorkerLogger } from '../logger.ts';
import { enqueueMail } from '../mail/send-email.job.ts';
import type { AppQueue } from '../queue/queue-connection.ts';
import type { Reactor } from '../reactors/reactor-runner.ts';
import { renderAccountApprovedMail, renderAdminRegistrationMail } from './account.mail.ts';

export const ACCOUNT_APPROVAL_REACTOR = 'account-approval-mail';
export const ACCOUNT_APPROVAL_MAX_AGE_MS = 24 * 3600 * 1000;

/** An account as its stream tells it (up to an event, or to its end). */
export interface AccountFacts {
  userId: string;
  name: string;
  email: string;
  userType: UserType;
  isApproved: boolean;
  isActive: boolean;
  locale: Locale | null;
}

/** Folds an account's stream (up to `upTo`, when given) into what the mails need; null before it exists. */
export async function accountFactsAt(store: EventStore, userId: string, upTo?: RecordedEvent): Promise<AccountFacts | null> {
  const events = await store.readStream(userStreamId(userId));
  let facts: AccountFacts | null = null;
  let locale: Locale | null = null;
  for (const e of events) {
    if (upTo && e.streamId === upTo.streamId && e.streamVersion > upTo.streamVersion) break;
    const schema = (userEventSchemas as Record<string, { schema: { safeParse(d: unknown): { success: boolean; data?: unknown } } }>)[e.type];
    const parsed = schema?.schema.safeParse(e.data);
    if (!parsed?.success) continue;
    const d = parsed.data as Record<string, unknown>;
    switch (e.type) {
      case 'UserCreated':
        facts = { userId, name: String(d.name), email: String(d.email), userType: d.userType as UserType, isApproved: !!d.isApproved, isActive: !!d.isActive, locale };
        break;
      case 'UserRegistered':
        locale = (d.locale as Locale | undefined) ?? null;
        facts = { userId, name: String(d.name), email: String(d.email), userType: 'user', isApproved: false, isActive: true, locale };
        break;
      case 'InvitationAccepted':
        locale = (d.locale as Locale | undefined) ?? null;
        break;
      default:
        if (!facts) break;
        facts = applyChange(facts, e.type, d);
        break;
    }
  }
  return facts ? { ...facts, locale } : null;
}

function applyChange(input: AccountFacts, type: string, d: Record<string, unknown>): AccountFacts {
  const facts = { ...input };
  if (type === 'UserApproved') facts.isApproved = true;
  else if (type === 'UserApprovalRevoked') facts.isApproved = false;
  else if (type === 'UserActivated') facts.isActive = true;
  else if (type === 'UserDeactivated') facts.isActive = false;
  else if (type === 'UserTypeChanged') facts.userType = d.to as UserType;
  else if (type === 'UserProfileUpdated') Object.assign(facts, { name: String(d.name), email: String(d.email) });
  return facts;
}

export interface AccountApprovalReactorDeps {
  store: EventStore;
  /** Lists who might be an admin (the users read model). */
  pool: Pick<pg.Pool, 'query'>;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  /** PUBLIC_URL: when known, the mails link to the Users area / the login page. */
  publicUrl?: string;
  now?: () => Date;
  maxAgeMs?: number;
}

/** The job's causation id for one admin's notice of one registration (the mail job id derives from it). */
export const adminNoticeCausationId = (eventId: string, adminId: string) => `${eventId}-admin-${adminId}`;

export function accountApprovalReactor(deps: AccountApprovalReactorDeps): Reactor {
  const { store, pool, mailQueue, log } = deps;
  const now = deps.now ?? (() => new Date());
  const maxAgeMs = deps.maxAgeMs ?? ACCOUNT_APPROVAL_MAX_AGE_MS;
  const base = deps.publicUrl?.replace(/\/+$/, '') || null;

  const enqueue = async (event: RecordedEvent, job: SendEmailJob) => {
    if (!sendEmailJobSchema.safeParse(job).success) {
      log.error({ eventId: event.id, type: event.type }, 'approval mail is not a valid mail job; no mail');
      return;
    }
    await enqueueMail(mailQueue, job);
  };

  /** Active, approved admins right now. */
  async function activeAdmins(): Promise<AccountFacts[]> {
    const { rows } = await pool.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE user_type = 'admin'`);
    const facts = await Promise.all(rows.map((r) => accountFactsAt(store, r.id)));
    return facts.filter((f): f is AccountFacts => !!f && f.userType === 'admin' && f.isActive && f.isApproved);
  }

  const onRegistered = async (event: RecordedEvent) => {
    const parsed = userEventSchemas.UserRegistered.schema.safeParse(event.data);
    if (!parsed.success) {
      log.error({ eventId: event.id, issues: parsed.error.issues }, 'UserRegistered event does not match its schema; no mail');
      return;
    }
    const { userId, name, email } = parsed.data;
    const admins = await activeAdmins();
    if (admins.length === 0) log.warn({ eventId: event.id, userId }, 'a registration awaits approval but there is no active admin to tell');
    for (const admin of admins) {
      const job = renderAdminRegistrationMail({
        to: admin.email,
        name,
        email,
        link: base ? `${base}/admin/users` : null,
        locale: admin.locale ?? DEFAULT_LOCALE,
        causationId: adminNoticeCausationId(event.id, admin.userId),
      });
      await enqueue(event, job);
    }
    log.info({ eventId: event.id, userId, admins: admins.length }, 'admins told of a registration awaiting approval');
  };

  const onApproved = async (event: RecordedEvent) => {
    const parsed = userEventSchemas.UserApproved.schema.safeParse(event.data);
    if (!parsed.success) {
      log.error({ eventId: event.id, issues: parsed.error.issues }, 'UserApproved event does not match its schema; no mail');
      return;
    }
    const { userId } = parsed.data;
    const account = await accountFactsAt(store, userId, event);
    if (!account) {
      log.error({ eventId: event.id, userId }, 'approval of an account without history; no mail');
      return;
    }
    const job = renderAccountApprovedMail({
      to: account.email,
      name: account.name,
      link: base ? `${base}/admin` : null,
      locale: account.locale ?? DEFAULT_LOCALE,
      causationId: event.id,
    });
    await enqueue(event, job);
    log.info({ eventId: event.id, userId }, 'approval mail enqueued');
  };

  return {
    name: ACCOUNT_APPROVAL_REACTOR,
    async handle(events) {
      for (const event of events) {
        if (event.type !== 'UserRegistered' && event.type !== 'UserApproved') continue;
        const age = now().getTime() - event.timestamp.getTime();
        if (age > maxAgeMs) {
          log.info({ eventId: event.id, type: event.type, ageMs: age }, 'approval event older than the mail window; no mail');
          continue;
        }
        if (event.type === 'UserRegistered') await onRegistered(event);
        else await onApproved(event);
      }
    },
  };
}
