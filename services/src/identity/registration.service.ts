/**
 * Self-registration (spec 01 `/register`). The account is of type `user`, active, awaiting approval,
 * whatever the client sends. The answer never tells whether the e-mail was already taken: both paths hash
 * the password (inside `accounts.register`), answer the same bytes, and mail the address's owner, who
 * learns either "registration received" or "someone tried to register with your address".
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { DomainError, IDENTITY_ERRORS, type RegisterInput, type SendEmailJob } from '@crm/contracts';
import { enqueueMail, renderRegistrationAttemptMail, renderRegistrationReceivedMail, type AppQueue, type WorkerLogger } from '@crm/workers';
import type { CommandContext } from '../platform/decider.ts';
import type { Accounts } from './accounts.ts';
import type { PasswordPolicyCheck } from './password.ts';

export const REGISTRATION_MESSAGE =
  'Registration received. Your account is awaiting approval by an administrator; we will e-mail you as soon as it is approved, and then you can log in.';

export interface RegistrationResult {
  success: true;
  message: string;
  user: { name: string; userType: 'user' };
}

export interface RegistrationService {
  register(input: RegisterInput, ctx: CommandContext): Promise<RegistrationResult>;
}

export function createRegistrationService(deps: {
  pool: pg.Pool;
  accounts: Accounts;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  passwordPolicy?: PasswordPolicyCheck;
}): RegistrationService {
  const { pool, accounts, mailQueue, log } = deps;

  /** A mail that cannot be queued must not change the answer (that would tell the two paths apart). */
  async function mail(job: SendEmailJob) {
    try {
      await enqueueMail(mailQueue, job);
    } catch (err) {
      log.error({ err, causationId: job.causationEventId }, 'registration mail could not be queued');
    }
  }

  return {
    async register(input, ctx) {
      // The password policy first, whether or not the address is taken (the answer tells nothing about it).
      await deps.passwordPolicy?.checkPassword(input.password, 'password');
      const result: RegistrationResult = { success: true, message: REGISTRATION_MESSAGE, user: { name: input.name, userType: 'user' } };
      try {
        const userId = await accounts.register({ name: input.name, email: input.email, password: input.password, locale: input.locale }, ctx);
        await mail(renderRegistrationReceivedMail({ to: input.email, name: input.name, locale: input.locale, causationId: `registration-${userId}` }));
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== IDENTITY_ERRORS.email_taken.code) throw err;
        const { rows } = await pool.query<{ email: string }>('SELECT email FROM auth_user WHERE lower(email) = lower($1)', [input.email]);
        const owner = rows[0]?.email ?? input.email;
        await mail(renderRegistrationAttemptMail({ to: owner, locale: input.locale, causationId: `registration-attempt-${randomUUID()}` }));
      }
      return result;
    },
  };
}
