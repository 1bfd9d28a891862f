/**
 * Multi-factor authentication (docs/SECURITY.md, "Multi-factor authentication"): enrolment from the Profile
 * area or at login (when a security policy requires MFA for the account's role), the login's second step,
 * recovery codes, disabling. Every step is an event on `mfa-<userId>` (mfa.decider.ts); the key material is in
 * `auth_mfa` (mfa.sql.ts). Every code check is charged to the login throttle like a password guess (per account,
 * and per address at login) and refunded when the code was right.
 */
import type pg from 'pg';
import { IDENTITY_ERRORS, MFA_ERRORS, SECURITY_ERRORS, domainError, DomainError, mfaStreamId, type EventStore, type MfaFailureReason, type MfaPurpose, type MfaStatus } from '@crm/contracts';
import { listUserMfa, secretContext, type SecretBox } from '@crm/projections';
import { handleCommand, readState } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { waitForProjection } from '../platform/read-your-writes.ts';
import { retryAfterSeconds } from '../security/login-throttle.policy.ts';
import type { LoginThrottle, ThrottleKey } from '../security/login-throttle.store.ts';
import { normalizeEmailKey } from '../security/suspicious-login.detector.ts';
import { TooManyRequestsError } from '../security/too-many-requests.error.ts';
import { mfaDecider, mfaRecoveryRemaining, type MfaCommand, type MfaProof, type MfaState } from './mfa.decider.ts';
import {
  enrolmentMaterial,
  hashChallenge,
  hashRecoveryCode,
  looksLikeTotp,
  matchRecoveryCode,
  matchTotp,
  newChallenge,
  newRecoveryCodes,
  newTotpKey,
  type EnrolmentMaterial,
} from './mfa-totp.ts';
import { verifyPassword } from './password.ts';

/** How long a login's second step waits for its code. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;

/** A login waiting for its second step (read from its challenge). */
export interface OpenChallenge {
  userId: string;
  loginId: string;
  purpose: 'login' | 'enrol';
  emailKey: string;
}

export interface IssuedChallenge {
  challenge: string;
  expiresAt: string;
  /** Enrolment required by policy: what to add to the authenticator (shown once, at this step). */
  enrolment: EnrolmentMaterial | null;
}

/** One account's MFA as the Security Center's Access Control shows it. */
export interface UserMfaStatus {
  userId: string;
  enabled: boolean;
  enabledAt: string | null;
}

export interface MfaService {
  status(userId: string): Promise<MfaStatus>;
  /**
   * MFA on/off for every account (or the ones named), from the `user_mfa` read model (projections/src/identity):
   * the Security Center's MFA column and its admin coverage check. It follows the events within the projector's lag.
   */
  mfaStatusByUser(userIds?: readonly string[]): Promise<Map<string, UserMfaStatus>>;
  /** A new secret waiting for its first code (refused when MFA is on). */
  startEnrolment(user: { id: string; email: string }, ctx: CommandContext): Promise<EnrolmentMaterial>;
  /** The first code turns MFA on; the ten recovery codes are returned once. */
  confirmEnrolment(user: { id: string; email: string }, code: string, ctx: CommandContext): Promise<{ recoveryCodes: string[] }>;
  /** A new set of ten recovery codes (the old set stops working); needs a current code. */
  regenerateRecoveryCodes(user: { id: string; email: string }, code: string, ctx: CommandContext): Promise<{ recoveryCodes: string[] }>;
  /** Turns MFA off: needs the password and a code. */
  disable(user: { id: string; email: string }, input: { password: string; code: string }, ctx: CommandContext): Promise<void>;

  /** At login, after the right password: a challenge when MFA is on (or required by policy for the role), else null. */
  challengeAfterPassword(
    user: { id: string; email: string },
    login: { loginId: string; ip: string | null; required: boolean },
    ctx: CommandContext,
  ): Promise<IssuedChallenge | null>;
  /** An unexpired, unused challenge, or null. */
  openChallenge(challenge: string): Promise<OpenChallenge | null>;
  /**
   * Checks a login's second-step code (throttled per account and address); an enrolment challenge's code turns
   * MFA on and returns the recovery codes. Then consumes the challenge (single use). Throws on a wrong or
   * reused code, a used challenge, or a throttle.
   */
  passLoginChallenge(challenge: string, open: OpenChallenge, code: string, ip: string | null, ctx: CommandContext): Promise<{ recoveryCodes: string[] | null }>;
}

/** The key material, opened (`totp_key`, `pending_key`); `pending_sealed` is the pending key as stored. */
interface KeyRow {
  totp_key: string | null;
  pending_key: string | null;
  pending_sealed: string | null;
  recovery_hashes: string[];
  recovery_generation: number;
}

const challengeInvalid = () => domainError(MFA_ERRORS.mfa_challenge_invalid);

export function createMfaService(deps: { pool: pg.Pool; store: EventStore; throttle: LoginThrottle; now: () => Date; secrets: SecretBox }): MfaService {
  const { pool, store, throttle, secrets } = deps;
  const stateOf = (userId: string): Promise<MfaState> => readState(store, mfaStreamId(userId), mfaDecider);
  const run = (userId: string, command: MfaCommand, ctx: CommandContext) => handleCommand(store, mfaStreamId(userId), mfaDecider, command, ctx);
  /**
   * Read your writes: a change the account holder makes on their profile is in the `user_mfa` read model (the
   * users list, the security center's MFA coverage) before the answer.
   */
  const settled = (result: { checkpoint: string | null }) => waitForProjection(deps, 'user_mfa', result.checkpoint);

  async function keys(userId: string): Promise<KeyRow | null> {
    const { rows } = await pool.query<Omit<KeyRow, 'pending_sealed'>>('SELECT totp_key, pending_key, recovery_hashes, recovery_generation FROM auth_mfa WHERE user_id = $1', [userId]);
    const row = rows[0];
    if (!row) return null;
    const open = (sealed: string | null) => (sealed === null ? null : secrets.open(sealed, secretContext.mfa(userId)));
    return { ...row, totp_key: open(row.totp_key), pending_key: open(row.pending_key), pending_sealed: row.pending_key };
  }

  /** What a typed code proves against the key material, or null when it is no valid code. */
  function prove(userId: string, row: KeyRow | null, code: string, now: Date): MfaProof | null {
    if (!row?.totp_key) return null;
    if (looksLikeTotp(code)) {
      const timeStep = matchTotp(row.totp_key, code, now);
      return timeStep === null ? null : { method: 'totp', timeStep };
    }
    const index = matchRecoveryCode(userId, code, row.recovery_hashes);
    return index === null ? null : { method: 'recovery_code', index, generation: row.recovery_generation };
  }

  /**
   * Runs a code check under the login throttle: refused while a wait runs (recorded as a failed challenge), a
   * failure charged before the check, refunded when the check passed.
   */
  async function throttled<T>(
    who: { userId: string; email: string; loginId: string | null; purpose: MfaPurpose; ip: string | null },
    ctx: CommandContext,
    check: () => Promise<T>,
  ): Promise<T> {
    const emailKey = normalizeEmailKey(who.email);
    const throttleKeys: ThrottleKey[] = [{ scope: 'account', key: emailKey }, ...(who.ip ? [{ scope: 'ip' as const, key: who.ip }] : [])];
    const charged = await throttle.charge(throttleKeys, ctx.now);
    if (!charged.allowed) {
      await fail(who, 'throttled', ctx);
      throw TooManyRequestsError.of(SECURITY_ERRORS.login_throttled, { seconds: retryAfterSeconds(charged.retryAfterMs) });
    }
    const result = await check();
    await throttle.refund(charged.charges);
    return result;
  }

  async function fail(who: { userId: string; loginId: string | null; purpose: MfaPurpose; ip: string | null }, reason: MfaFailureReason, ctx: CommandContext) {
    await run(who.userId, { type: 'FailChallenge', userId: who.userId, loginId: who.loginId, purpose: who.purpose, reason, ip: who.ip }, ctx);
  }

  /** A refused code is recorded (wrong or reused) and thrown as the decider's or the check's refusal. */
  async function refuseCode(who: { userId: string; loginId: string | null; purpose: MfaPurpose; ip: string | null }, err: unknown, ctx: CommandContext): Promise<never> {
    const reused = err instanceof DomainError && err.code === MFA_ERRORS.mfa_code_reused.code;
    const wrong = err instanceof DomainError && err.code === MFA_ERRORS.mfa_code_invalid.code;
    if (reused || wrong) await fail(who, reused ? 'reused_code' : 'wrong_code', ctx);
    throw err;
  }

  /** A code of the active secret (or a recovery code) passing a challenge of `purpose`; refusals recorded. */
  async function passCode(
    who: { userId: string; email: string; loginId: string | null; purpose: Exclude<MfaPurpose, 'enrol'>; ip: string | null },
    code: string,
    ctx: CommandContext,
  ) {
    return throttled(who, ctx, async () => {
      try {
        const proof = prove(who.userId, await keys(who.userId), code, ctx.now);
        if (!proof) throw domainError(MFA_ERRORS.mfa_code_invalid);
        return await run(who.userId, { type: 'PassChallenge', userId: who.userId, loginId: who.loginId, purpose: who.purpose, proof }, ctx);
      } catch (err) {
        return refuseCode(who, err, ctx);
      }
    });
  }

  /** The pending secret's first code turns MFA on, with a new recovery code set. */
  async function confirm(user: { id: string; email: string }, code: string, loginId: string | null, ip: string | null, ctx: CommandContext) {
    const who = { userId: user.id, email: user.email, loginId, purpose: 'enrol' as const, ip };
    return throttled(who, ctx, async () => {
      try {
        const state = await stateOf(user.id);
        if (state.status === 'enabled') throw domainError(MFA_ERRORS.mfa_already_enabled);
        const row = await keys(user.id);
        if (state.status !== 'pending' || !row?.pending_key) throw domainError(MFA_ERRORS.mfa_enrolment_not_started);
        const timeStep = looksLikeTotp(code) ? matchTotp(row.pending_key, code, ctx.now) : null;
        if (timeStep === null) throw domainError(MFA_ERRORS.mfa_code_invalid);
        const recoveryCodes = newRecoveryCodes();
        // The key becomes the active one only if it is still the one just checked (a concurrent confirmation loses).
        const promoted = await pool.query(
          `UPDATE auth_mfa SET totp_key = pending_key, pending_key = NULL, recovery_hashes = $3, recovery_generation = $4, updated_at = now()
            WHERE user_id = $1 AND pending_key = $2`,
          [user.id, row.pending_sealed, recoveryCodes.map((c) => hashRecoveryCode(user.id, c)), state.generation + 1],
        );
        if (promoted.rowCount !== 1) throw domainError(MFA_ERRORS.mfa_enrolment_not_started);
        await settled(await run(user.id, { type: 'ConfirmEnrolment', userId: user.id, timeStep, loginId }, ctx));
        return { recoveryCodes };
      } catch (err) {
        return refuseCode(who, err, ctx);
      }
    });
  }

  async function start(user: { id: string; email: string }, command: MfaCommand, ctx: CommandContext): Promise<EnrolmentMaterial> {
    await run(user.id, command, ctx);
    const key = newTotpKey();
    await pool.query(
      `INSERT INTO auth_mfa (user_id, pending_key) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET pending_key = EXCLUDED.pending_key, updated_at = now()`,
      [user.id, secrets.seal(key, secretContext.mfa(user.id))],
    );
    return enrolmentMaterial(key, user.email);
  }

  return {
    async status(userId) {
      const state = await stateOf(userId);
      return { enabled: state.status === 'enabled', pending: state.status === 'pending', enabledAt: state.enabledAt, recoveryRemaining: mfaRecoveryRemaining(state) };
    },

    async mfaStatusByUser(userIds) {
      const rows = await listUserMfa(pool, userIds);
      const byUser = new Map(rows.map((r) => [r.userId, { userId: r.userId, enabled: r.enabled, enabledAt: r.enabledAt }]));
      // An account without a row never turned MFA on.
      for (const id of userIds ?? []) if (!byUser.has(id)) byUser.set(id, { userId: id, enabled: false, enabledAt: null });
      return byUser;
    },

    startEnrolment: (user, ctx) => start(user, { type: 'StartEnrolment', userId: user.id, via: 'profile' }, ctx),

    confirmEnrolment: (user, code, ctx) => confirm(user, code, null, null, ctx),

    async regenerateRecoveryCodes(user, code, ctx) {
      const result = await passCode({ userId: user.id, email: user.email, loginId: null, purpose: 'regenerate', ip: null }, code, ctx);
      const regenerated = result.events.find((e) => e.type === 'MfaRecoveryCodesRegenerated');
      if (!regenerated || regenerated.type !== 'MfaRecoveryCodesRegenerated') throw domainError(MFA_ERRORS.mfa_not_enabled);
      const recoveryCodes = newRecoveryCodes();
      await pool.query('UPDATE auth_mfa SET recovery_hashes = $2, recovery_generation = $3, updated_at = now() WHERE user_id = $1', [
        user.id,
        recoveryCodes.map((c) => hashRecoveryCode(user.id, c)),
        regenerated.data.generation,
      ]);
      await settled(result);
      return { recoveryCodes };
    },

    async disable(user, input, ctx) {
      if ((await stateOf(user.id)).status !== 'enabled') throw domainError(MFA_ERRORS.mfa_not_enabled);
      // The password first, charged to the throttle like any password check.
      await throttled({ userId: user.id, email: user.email, loginId: null, purpose: 'disable', ip: null }, ctx, async () => {
        const { rows } = await pool.query<{ password_hash: string }>('SELECT password_hash FROM auth_user WHERE id = $1', [user.id]);
        if (!rows[0] || !(await verifyPassword(rows[0].password_hash, input.password))) throw domainError(IDENTITY_ERRORS.current_password_incorrect);
      });
      const result = await passCode({ userId: user.id, email: user.email, loginId: null, purpose: 'disable', ip: null }, input.code, ctx);
      await pool.query(`UPDATE auth_mfa SET totp_key = NULL, pending_key = NULL, recovery_hashes = '{}', updated_at = now() WHERE user_id = $1`, [user.id]);
      await settled(result);
    },

    async challengeAfterPassword(user, login, ctx) {
      const state = await stateOf(user.id);
      const purpose = state.status === 'enabled' ? 'login' : login.required ? 'enrol' : null;
      if (!purpose) return null;
      const challenge = newChallenge();
      const expiresAt = new Date(ctx.now.getTime() + MFA_CHALLENGE_TTL_MS);
      const command: MfaCommand = { type: 'IssueChallenge', userId: user.id, loginId: login.loginId, purpose, expiresAt: expiresAt.toISOString(), ip: login.ip };
      const enrolment = purpose === 'enrol' ? await start(user, command, ctx) : (await run(user.id, command, ctx), null);
      await pool.query(
        `INSERT INTO mfa_challenge (challenge_hash, user_id, login_id, purpose, email_key, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [hashChallenge(challenge), user.id, login.loginId, purpose, normalizeEmailKey(user.email), expiresAt],
      );
      void pool.query('DELETE FROM mfa_challenge WHERE expires_at < $1', [new Date(ctx.now.getTime() - 24 * 60 * 60_000)]).catch(() => {});
      return { challenge, expiresAt: expiresAt.toISOString(), enrolment };
    },

    async openChallenge(challenge) {
      const { rows } = await pool.query<{ user_id: string; login_id: string; purpose: 'login' | 'enrol'; email_key: string }>(
        'SELECT user_id, login_id, purpose, email_key FROM mfa_challenge WHERE challenge_hash = $1 AND used_at IS NULL AND expires_at > $2',
        [hashChallenge(challenge), deps.now()],
      );
      const row = rows[0];
      return row ? { userId: row.user_id, loginId: row.login_id, purpose: row.purpose, emailKey: row.email_key } : null;
    },

    async passLoginChallenge(challenge, open, code, ip, ctx) {
      const { rows } = await pool.query<{ email: string }>('SELECT email FROM auth_user WHERE id = $1', [open.userId]);
      if (!rows[0]) throw challengeInvalid();
      const user = { id: open.userId, email: rows[0].email };
      const recoveryCodes =
        open.purpose === 'enrol'
          ? (await confirm(user, code, open.loginId, ip, ctx)).recoveryCodes
          : (await passCode({ userId: user.id, email: user.email, loginId: open.loginId, purpose: 'login', ip }, code, ctx), null);
      // Single use: of two requests with valid codes, one consumes the challenge and the other is refused.
      const consumed = await pool.query('UPDATE mfa_challenge SET used_at = $2 WHERE challenge_hash = $1 AND used_at IS NULL', [hashChallenge(challenge), ctx.now]);
      if (consumed.rowCount !== 1) throw challengeInvalid();
      return { recoveryCodes };
    },
  };
}
