import { MFA_ERRORS, MFA_RECOVERY_SET_SIZE, domainError, type MfaEvent, type MfaFailureReason, type MfaPurpose } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

/**
 * One account's multi-factor authentication (stream `mfa-<userId>`), pure. The service checks codes against
 * the secret (it holds the key material); this decider holds the rules that make a checked code count once:
 * a TOTP code's time step must be later than the last one used (RFC 6238 §5.2: a code is accepted once), and
 * a recovery code of the current set works once. Concurrent uses of one code race on the stream's version:
 * the loser is decided again on the fresh state and refused.
 */
export interface MfaState {
  status: 'none' | 'pending' | 'enabled';
  enabledAt: string | null;
  /** The recovery code set in use (0 before the first). */
  generation: number;
  /** Positions of the current set's used recovery codes. */
  usedRecovery: readonly number[];
  /** The last accepted TOTP time step of the current secret. */
  lastStep: number | null;
}

/** What a checked code proved: a TOTP code of a time step, or a recovery code's position in a set. */
export type MfaProof = { method: 'totp'; timeStep: number } | { method: 'recovery_code'; index: number; generation: number };

export type MfaCommand =
  | { type: 'StartEnrolment'; userId: string; via: 'profile' | 'login' }
  | { type: 'IssueChallenge'; userId: string; loginId: string; purpose: 'login' | 'enrol'; expiresAt: string; ip: string | null }
  | { type: 'ConfirmEnrolment'; userId: string; timeStep: number; loginId: string | null }
  | { type: 'PassChallenge'; userId: string; loginId: string | null; purpose: Exclude<MfaPurpose, 'enrol'>; proof: MfaProof }
  | { type: 'FailChallenge'; userId: string; loginId: string | null; purpose: MfaPurpose; reason: MfaFailureReason; ip: string | null };

export const mfaInitialState: MfaState = { status: 'none', enabledAt: null, generation: 0, usedRecovery: [], lastStep: null };

const recoveryRemaining = (state: MfaState) => (state.status === 'enabled' ? MFA_RECOVERY_SET_SIZE - state.usedRecovery.length : 0);

function checkTimeStep(state: MfaState, timeStep: number) {
  if (state.lastStep !== null && timeStep <= state.lastStep) throw domainError(MFA_ERRORS.mfa_code_reused);
}

export const mfaDecider: Decider<MfaState, MfaCommand, MfaEvent> = {
  initialState: mfaInitialState,
  evolve(state, event) {
    switch (event.type) {
      case 'MfaEnrolmentStarted':
        // A new secret: its time steps start afresh.
        return { ...state, status: 'pending', lastStep: null };
      case 'MfaEnabled':
        return { status: 'enabled', enabledAt: event.data.at, generation: event.data.generation, usedRecovery: [], lastStep: event.data.timeStep };
      case 'MfaDisabled':
        return { ...state, status: 'none', enabledAt: null, usedRecovery: [] };
      case 'MfaRecoveryCodesRegenerated':
        return { ...state, generation: event.data.generation, usedRecovery: [] };
      case 'MfaChallengeIssued':
      case 'MfaChallengeFailed':
        return state;
      case 'MfaChallengePassed': {
        const { timeStep, recoveryIndex } = event.data;
        return {
          ...state,
          lastStep: timeStep ?? state.lastStep,
          usedRecovery: recoveryIndex === null ? state.usedRecovery : [...state.usedRecovery, recoveryIndex],
        };
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx: CommandContext): MfaEvent[] {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'StartEnrolment':
        if (state.status === 'enabled') throw domainError(MFA_ERRORS.mfa_already_enabled);
        return [{ type: 'MfaEnrolmentStarted', data: { userId: command.userId, via: command.via, at } }];

      case 'IssueChallenge': {
        const { userId, loginId, purpose, expiresAt, ip } = command;
        const issued: MfaEvent = { type: 'MfaChallengeIssued', data: { userId, loginId, purpose, expiresAt, ip, at } };
        if (purpose === 'login') {
          if (state.status !== 'enabled') throw domainError(MFA_ERRORS.mfa_not_enabled);
          return [issued];
        }
        // Enrolment required by policy: the login shows a new secret and waits for its first code.
        if (state.status === 'enabled') throw domainError(MFA_ERRORS.mfa_already_enabled);
        return [issued, { type: 'MfaEnrolmentStarted', data: { userId, via: 'login', at } }];
      }

      case 'ConfirmEnrolment':
        if (state.status === 'enabled') throw domainError(MFA_ERRORS.mfa_already_enabled);
        if (state.status !== 'pending') throw domainError(MFA_ERRORS.mfa_enrolment_not_started);
        checkTimeStep(state, command.timeStep);
        return [
          {
            type: 'MfaEnabled',
            data: { userId: command.userId, timeStep: command.timeStep, generation: state.generation + 1, recoveryCount: MFA_RECOVERY_SET_SIZE, loginId: command.loginId, at },
          },
        ];

      case 'PassChallenge': {
        if (state.status !== 'enabled') throw domainError(MFA_ERRORS.mfa_not_enabled);
        const { userId, loginId, purpose, proof } = command;
        if (proof.method === 'totp') checkTimeStep(state, proof.timeStep);
        else if (proof.generation !== state.generation || state.usedRecovery.includes(proof.index) || proof.index >= MFA_RECOVERY_SET_SIZE) {
          // A used recovery code, or one of a replaced set, is no code at all.
          throw domainError(MFA_ERRORS.mfa_code_invalid);
        }
        const remaining = recoveryRemaining(state) - (proof.method === 'recovery_code' ? 1 : 0);
        const passed: MfaEvent = {
          type: 'MfaChallengePassed',
          data: {
            userId,
            loginId,
            purpose,
            method: proof.method,
            timeStep: proof.method === 'totp' ? proof.timeStep : null,
            recoveryIndex: proof.method === 'recovery_code' ? proof.index : null,
            generation: proof.method === 'recovery_code' ? proof.generation : null,
            recoveryRemaining: remaining,
            at,
          },
        };
        switch (purpose) {
          case 'login':
            return [passed];
          case 'disable':
            return [passed, { type: 'MfaDisabled', data: { userId, by: ctx.userId ?? userId, at } }];
          case 'regenerate':
            return [passed, { type: 'MfaRecoveryCodesRegenerated', data: { userId, generation: state.generation + 1, recoveryCount: MFA_RECOVERY_SET_SIZE, at } }];
          default: {
            const never: never = purpose;
            return never;
          }
        }
      }

      case 'FailChallenge': {
        const { userId, loginId, purpose, reason, ip } = command;
        return [{ type: 'MfaChallengeFailed', data: { userId, loginId, purpose, reason, ip, at } }];
      }

      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/** The recovery codes still unused (for the owner's status and the Security Center). */
export const mfaRecoveryRemaining = recoveryRemaining;
