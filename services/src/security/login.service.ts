/**
 * The one login flow, behind tRPC `auth.login` and REST `POST /api/admin/login`:
 *
 *   address blocked? → throttled (per account and per address)? → password → record the attempt → new session
 *
 * - Every attempt, refused or not, is an event in its own stream `login-<loginId>` (LoginSucceeded /
 *   LoginFailed) with the address, user agent, parsed device/browser/OS, the account's name when the
 *   e-mail belongs to one, and the suspicious-login detector's verdict.
 * - A stranger learns nothing: an unknown e-mail and a wrong password give the same refusal (and cost the
 *   same hashing); "awaiting approval" and "deactivated" are said only after the right password. Unknown
 *   e-mails are throttled like known ones.
 * - The loginId is also the new session's public handle; any session the request carried is ended first.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { IDENTITY_ERRORS, SECURITY_ALERT_ERRORS, SECURITY_ERRORS, domainError, loginStreamId, MFA_ERRORS, type EventStore, type LoginFailureReason, type UserType } from '@crm/contracts';
import type { Accounts, SessionUser } from '../identity/accounts.ts';
import type { IssuedChallenge, MfaService } from '../identity/mfa.service.ts';
import type { SessionManager } from '../identity/session.ts';
import { describeUserAgent } from '../identity/user-agent.ts';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { normalizeIp } from './ip-address.ts';
import type { IpBlocksService } from './ip-blocks.service.ts';
import { loginSessionDecider } from './login-session.decider.ts';
import { retryAfterSeconds } from './login-throttle.policy.ts';
import type { Charge, LoginThrottle, ThrottleKey } from './login-throttle.store.ts';
import {
  DEFAULT_THRESHOLDS,
  clientKey,
  detectSuspiciousLogin,
  normalizeEmailKey,
  type DetectorThresholds,
  type PastAttempt,
  type Verdict,
} from './suspicious-login.detector.ts';
import { TooManyRequestsError } from './too-many-requests.error.ts';

export interface LoginRequest {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
  /** The session the request already carried (ended: a login always starts a new session). */
  currentSessionId: string | null;
  correlationId: string;
}

export interface LoginSuccess {
  user: SessionUser;
  loginId: string;
  /** The new session's token (the REST bearer token) and its cookie. */
  sessionId: string;
  cookie: string;
}

/** The password was right and the account has MFA (or must set it up): the second step's handle. */
export interface LoginMfaStep extends IssuedChallenge {
  mfaRequired: true;
  /** A security policy requires MFA for the account's role and it has none: `enrolment` holds the new secret. */
  enrolmentRequired: boolean;
}

/** The login's second step: the challenge and a TOTP or recovery code, from the same kind of request. */
export interface MfaLoginRequest extends Omit<LoginRequest, 'email' | 'password'> {
  challenge: string;
  code: string;
}

export interface LoginService {
  /** Throws DomainError (invalid_credentials, awaiting_approval, account_deactivated, ip_blocked) or TooManyRequestsError. */
  login(request: LoginRequest): Promise<LoginSuccess | LoginMfaStep>;
  /** Throws DomainError (mfa_challenge_invalid, mfa_code_invalid, mfa_code_reused, ip_blocked) or TooManyRequestsError. With an enrolment challenge, the new recovery codes come back once. */
  completeMfa(request: MfaLoginRequest): Promise<LoginSuccess & { recoveryCodes: string[] | null }>;
}

/** The refusal per failure reason: the same one for an unknown e-mail and a wrong password. */
const REFUSALS = {
  unknown_account: SECURITY_ERRORS.invalid_credentials,
  wrong_password: SECURITY_ERRORS.invalid_credentials,
  awaiting_approval: SECURITY_ERRORS.awaiting_approval,
  account_deactivated: IDENTITY_ERRORS.account_deactivated,
  ip_blocked: SECURITY_ERRORS.ip_blocked,
  account_suspended: SECURITY_ALERT_ERRORS.account_suspended,
  account_locked: SECURITY_ALERT_ERRORS.account_locked,
} as const satisfies Record<Exclude<LoginFailureReason, 'throttled'>, unknown>;

/** Failed attempts older than this are only kept as events (the detector looks back one window). */
const ATTEMPT_RETENTION_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** A user id no account has (the detector's account query runs for unknown e-mails too). */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export function createLoginService(deps: {
  pool: pg.Pool;
  store: EventStore;
  accounts: Accounts;
  sessions: SessionManager;
  ipBlocks: IpBlocksService;
  throttle: LoginThrottle;
  now: () => Date;
  thresholds?: DetectorThresholds;
  /** Multi-factor authentication (absent: logins have one step). */
  mfa?: MfaService;
  /** Whether the security policy requires MFA for a role (absent: never). */
  mfaRequired?: (userType: UserType) => Promise<boolean>;
}): LoginService {
  const { pool, store, accounts, sessions, ipBlocks, throttle } = deps;
  const thresholds = deps.thresholds ?? DEFAULT_THRESHOLDS;
  let lastPrune = 0;

  /** What the detector needs, read at attempt time from login_attempt (written by this service). */
  async function verdictFor(input: { emailKey: string; ip: string | null; client: string; userId: string | null; succeeded: boolean; countedFailure: boolean; at: Date }): Promise<Verdict> {
    const since = new Date(input.at.getTime() - thresholds.windowMs);
    const recent = await pool.query<{ email_key: string; ip: string | null; succeeded: boolean; counted_failure: boolean; at: Date }>(
      `SELECT email_key, ip, succeeded, counted_failure, at FROM login_attempt
        WHERE (email_key = $1 OR ip = $2) AND at >= $3 ORDER BY at DESC LIMIT 5000`,
      [input.emailKey, input.ip, since],
    );
    // Run for unknown e-mails too (with an id no account has), so a known e-mail costs no extra query:
    // response time must not tell which e-mails have accounts.
    const known = await pool.query<{ kind: 'client' | 'ip'; value: string }>(
      `SELECT DISTINCT 'client' AS kind, client AS value FROM login_attempt WHERE user_id = $1 AND succeeded
       UNION SELECT DISTINCT 'ip', ip FROM login_attempt WHERE user_id = $1 AND succeeded AND ip IS NOT NULL`,
      [input.userId ?? NO_ACCOUNT],
    );
    const past: PastAttempt[] = recent.rows.map((r) => ({ emailKey: r.email_key, ip: r.ip, succeeded: r.succeeded, countedFailure: r.counted_failure, at: r.at }));
    return detectSuspiciousLogin(
      { emailKey: input.emailKey, ip: input.ip, client: input.client, succeeded: input.succeeded, countedFailure: input.countedFailure, at: input.at },
      past,
      {
        knownClients: known.rows.filter((r) => r.kind === 'client').map((r) => r.value),
        knownIps: known.rows.filter((r) => r.kind === 'ip').map((r) => r.value),
      },
      thresholds,
    );
  }

  async function prune(now: Date) {
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    await pool.query('DELETE FROM login_attempt WHERE NOT succeeded AND at < $1', [new Date(now.getTime() - ATTEMPT_RETENTION_MS)]);
    await throttle.prune(now);
  }

  /** One attempt's context: where it comes from, and how it is recorded (its event and the detector's row). */
  function begin(request: { email: string; ip: string | null; userAgent: string | null; correlationId: string }, loginId: string) {
    const now = deps.now();
    const ip = normalizeIp(request.ip);
    const description = describeUserAgent(request.userAgent);
    const client = clientKey(description);
    const email = request.email.trim().slice(0, 254);
    const emailKey = normalizeEmailKey(email);
    const ctx: CommandContext = {
      now,
      userId: null,
      metadata: { correlationId: request.correlationId, causationId: null, userId: null, ip, userAgent: request.userAgent },
    };

    /** Records the attempt (event + detector row), then returns the verdict. */
    async function record(outcome: { user: SessionUser } | { reason: LoginFailureReason; account: { id: string; name: string } | null }) {
      const succeeded = 'user' in outcome;
      const userId = succeeded ? outcome.user.id : (outcome.account?.id ?? null);
      const countedFailure = !succeeded && (outcome.reason === 'unknown_account' || outcome.reason === 'wrong_password');
      const verdict = await verdictFor({ emailKey, ip, client, userId, succeeded, countedFailure, at: now });
      const common = { loginId, ip, userAgent: request.userAgent, ...description, ...verdict };
      const command = succeeded
        ? ({ type: 'RecordLoginSucceeded', attempt: { ...common, userId: outcome.user.id, userName: outcome.user.name, email: outcome.user.email } } as const)
        : ({ type: 'RecordLoginFailed', attempt: { ...common, userId, userName: outcome.account?.name ?? null, email, reason: outcome.reason } } as const);
      await handleCommand(store, loginStreamId(loginId), loginSessionDecider, command, { ...ctx, userId }, { expectNew: true });
      await pool.query(
        `INSERT INTO login_attempt (login_id, email_key, user_id, ip, client, succeeded, counted_failure, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [loginId, emailKey, userId, ip, client, succeeded, countedFailure, now],
      );
      void prune(now).catch(() => {});
      return verdict;
    }

    async function refuse(reason: Exclude<LoginFailureReason, 'throttled'>, account: { id: string; name: string } | null): Promise<never> {
      await record({ reason, account });
      throw domainError(REFUSALS[reason]);
    }
    return { now, ip, email, emailKey, ctx, record, refuse };
  }

  return {
    async login(request) {
      const loginId = randomUUID();
      const { now, ip, email, emailKey, ctx, record, refuse } = begin(request, loginId);

      if (await ipBlocks.isBlocked(ip)) await refuse('ip_blocked', await accounts.findByEmail(email));

      const keys: ThrottleKey[] = [{ scope: 'account', key: emailKey }, ...(ip ? [{ scope: 'ip' as const, key: ip }] : [])];
      const charged = await throttle.charge(keys, now);
      if (!charged.allowed) {
        await record({ reason: 'throttled', account: await accounts.findByEmail(email) });
        const seconds = retryAfterSeconds(charged.retryAfterMs);
        throw TooManyRequestsError.of(SECURITY_ERRORS.login_throttled, { seconds });
      }

      const result = await accounts.authenticate(email, request.password);
      const ofScope = (scope: ThrottleKey['scope']): Charge[] => charged.charges.filter((c) => c.scope === scope);
      if (!result.ok) {
        // The password was right: the attempt was no guess, take its charge back.
        if (result.reason !== 'unknown_account' && result.reason !== 'wrong_password') await throttle.refund(charged.charges);
        return refuse(result.reason, result.account);
      }

      // Multi-factor authentication (identity/mfa.service.ts): with MFA on, or required for the role by the
      // security policy, the session waits for the second step (POST /api/admin/login/mfa, auth.loginMfa).
      if (deps.mfa) {
        const required = deps.mfaRequired ? await deps.mfaRequired(result.user.userType) : false;
        const step = await deps.mfa.challengeAfterPassword(result.user, { loginId, ip, required }, { ...ctx, userId: result.user.id });
        if (step) {
          await throttle.refund(charged.charges);
          return { mfaRequired: true, enrolmentRequired: step.enrolment !== null, ...step };
        }
      }

      await throttle.clear({ scope: 'account', key: emailKey });
      await throttle.refund(ofScope('ip'));
      await record({ user: result.user });
      if (request.currentSessionId) await sessions.end(request.currentSessionId, 'logout');
      const session = await sessions.create(result.user.id, { loginId, ip, userAgent: request.userAgent });
      return { user: result.user, loginId, sessionId: session.id, cookie: session.cookie };
    },

    async completeMfa(request) {
      const open = deps.mfa ? await deps.mfa.openChallenge(request.challenge) : null;
      const user = open ? await accounts.load(open.userId) : null;
      if (!deps.mfa || !open || !user) throw domainError(MFA_ERRORS.mfa_challenge_invalid);
      const { ip, ctx, record, refuse } = begin({ ...request, email: user.email }, open.loginId);
      if (await ipBlocks.isBlocked(ip)) await refuse('ip_blocked', user);
      const { recoveryCodes } = await deps.mfa.passLoginChallenge(request.challenge, open, request.code, ip, { ...ctx, userId: user.id });
      await throttle.clear({ scope: 'account', key: open.emailKey });
      await record({ user });
      if (request.currentSessionId) await sessions.end(request.currentSessionId, 'logout');
      const session = await sessions.create(user.id, { loginId: open.loginId, ip, userAgent: request.userAgent });
      return { user, loginId: open.loginId, sessionId: session.id, cookie: session.cookie, recoveryCodes };
    },
  };
}
