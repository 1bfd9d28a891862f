import { describe, it } from 'vitest';
import type { MfaEvent } from '@crm/contracts';
import { mfaDecider } from '../../src/identity/mfa.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const userId = 'a3c1b2d4-0000-4000-8000-000000000001';
const loginId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const spec = deciderSpec(mfaDecider, { now, userId, metadata: { correlationId: 'test' } });
const before = '2030-03-01T09:00:00.000Z';

const started = (via: 'profile' | 'login' = 'profile'): MfaEvent => ({ type: 'MfaEnrolmentStarted', data: { userId, via, at: before } });
const enabled = (timeStep = 100, generation = 1): MfaEvent => ({ type: 'MfaEnabled', data: { userId, timeStep, generation, recoveryCount: 10, loginId: null, at: before } });
const passedTotp = (timeStep: number): MfaEvent => ({
  type: 'MfaChallengePassed',
  data: { userId, loginId, purpose: 'login', method: 'totp', timeStep, recoveryIndex: null, generation: null, recoveryRemaining: 10, at: before },
});
const passedRecovery = (index: number, generation = 1): MfaEvent => ({
  type: 'MfaChallengePassed',
  data: { userId, loginId, purpose: 'login', method: 'recovery_code', timeStep: null, recoveryIndex: index, generation, recoveryRemaining: 9, at: before },
});

describe('mfa decider: enrolment', () => {
  it('starts an enrolment from the Profile area', () => {
    spec.given([]).when({ type: 'StartEnrolment', userId, via: 'profile' }).then([{ type: 'MfaEnrolmentStarted', data: { userId, via: 'profile', at } }]);
  });

  it('refuses to start one when MFA is already on (409 mfa_already_enabled)', () => {
    spec.given([started(), enabled()]).when({ type: 'StartEnrolment', userId, via: 'profile' }).thenThrows('mfa_already_enabled');
  });

  it('turns MFA on with the first code, a first recovery set of ten, and remembers its time step', () => {
    spec
      .given([started()])
      .when({ type: 'ConfirmEnrolment', userId, timeStep: 200, loginId: null })
      .then([{ type: 'MfaEnabled', data: { userId, timeStep: 200, generation: 1, recoveryCount: 10, loginId: null, at } }]);
  });

  it('refuses a confirmation without a started enrolment', () => {
    spec.given([]).when({ type: 'ConfirmEnrolment', userId, timeStep: 200, loginId: null }).thenThrows('mfa_enrolment_not_started');
  });

  it('a re-enrolment after disabling gets the next recovery set and a fresh time-step history (a new secret)', () => {
    spec
      .given([started(), enabled(300, 1), { type: 'MfaDisabled', data: { userId, by: userId, at: before } }, started()])
      .when({ type: 'ConfirmEnrolment', userId, timeStep: 250, loginId: null })
      .then([{ type: 'MfaEnabled', data: { userId, timeStep: 250, generation: 2, recoveryCount: 10, loginId: null, at } }]);
  });
});

describe('mfa decider: login challenges', () => {
  it('issues a login challenge only when MFA is on', () => {
    const expiresAt = '2030-03-01T10:05:00.000Z';
    spec
      .given([started(), enabled()])
      .when({ type: 'IssueChallenge', userId, loginId, purpose: 'login', expiresAt, ip: '203.0.113.9' })
      .then([{ type: 'MfaChallengeIssued', data: { userId, loginId, purpose: 'login', expiresAt, ip: '203.0.113.9', at } }]);
    spec.given([]).when({ type: 'IssueChallenge', userId, loginId, purpose: 'login', expiresAt, ip: null }).thenThrows('mfa_not_enabled');
  });

  it('an enrolment challenge (MFA required by policy) also starts an enrolment at login', () => {
    const expiresAt = '2030-03-01T10:05:00.000Z';
    spec
      .given([])
      .when({ type: 'IssueChallenge', userId, loginId, purpose: 'enrol', expiresAt, ip: null })
      .then([
        { type: 'MfaChallengeIssued', data: { userId, loginId, purpose: 'enrol', expiresAt, ip: null, at } },
        { type: 'MfaEnrolmentStarted', data: { userId, via: 'login', at } },
      ]);
  });

  it('passes a TOTP code of a later time step', () => {
    spec
      .given([started(), enabled(100)])
      .when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'totp', timeStep: 101 } })
      .then([
        {
          type: 'MfaChallengePassed',
          data: { userId, loginId, purpose: 'login', method: 'totp', timeStep: 101, recoveryIndex: null, generation: null, recoveryRemaining: 10, at },
        },
      ]);
  });

  it('refuses a code of the time step already used, or an earlier one (mfa_code_reused)', () => {
    spec.given([started(), enabled(100), passedTotp(101)]).when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'totp', timeStep: 101 } }).thenThrows('mfa_code_reused');
    spec.given([started(), enabled(100)]).when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'totp', timeStep: 100 } }).thenThrows('mfa_code_reused');
    spec.given([started(), enabled(100), passedTotp(102)]).when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'totp', timeStep: 101 } }).thenThrows('mfa_code_reused');
  });

  it('a recovery code works once', () => {
    spec
      .given([started(), enabled()])
      .when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'recovery_code', index: 3, generation: 1 } })
      .then([
        {
          type: 'MfaChallengePassed',
          data: { userId, loginId, purpose: 'login', method: 'recovery_code', timeStep: null, recoveryIndex: 3, generation: 1, recoveryRemaining: 9, at },
        },
      ]);
    spec
      .given([started(), enabled(), passedRecovery(3)])
      .when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'recovery_code', index: 3, generation: 1 } })
      .thenThrows('mfa_code_invalid');
  });

  it('a recovery code of a replaced set no longer works; the new set starts unused', () => {
    const regenerated: MfaEvent = { type: 'MfaRecoveryCodesRegenerated', data: { userId, generation: 2, recoveryCount: 10, at: before } };
    spec
      .given([started(), enabled(), passedRecovery(3), regenerated])
      .when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'recovery_code', index: 4, generation: 1 } })
      .thenThrows('mfa_code_invalid');
    spec
      .given([started(), enabled(), passedRecovery(3), regenerated])
      .when({ type: 'PassChallenge', userId, loginId, purpose: 'login', proof: { method: 'recovery_code', index: 3, generation: 2 } })
      .then([
        {
          type: 'MfaChallengePassed',
          data: { userId, loginId, purpose: 'login', method: 'recovery_code', timeStep: null, recoveryIndex: 3, generation: 2, recoveryRemaining: 9, at },
        },
      ]);
  });

  it('records a failed challenge with its reason', () => {
    spec
      .given([started(), enabled()])
      .when({ type: 'FailChallenge', userId, loginId, purpose: 'login', reason: 'wrong_code', ip: '203.0.113.9' })
      .then([{ type: 'MfaChallengeFailed', data: { userId, loginId, purpose: 'login', reason: 'wrong_code', ip: '203.0.113.9', at } }]);
  });
});

describe('mfa decider: disabling and new recovery codes', () => {
  it('disabling needs a passed code, recorded with it', () => {
    spec
      .given([started(), enabled(100)])
      .when({ type: 'PassChallenge', userId, loginId: null, purpose: 'disable', proof: { method: 'totp', timeStep: 105 } })
      .then([
        {
          type: 'MfaChallengePassed',
          data: { userId, loginId: null, purpose: 'disable', method: 'totp', timeStep: 105, recoveryIndex: null, generation: null, recoveryRemaining: 10, at },
        },
        { type: 'MfaDisabled', data: { userId, by: userId, at } },
      ]);
  });

  it('nothing to disable or regenerate when MFA is off (mfa_not_enabled)', () => {
    spec.given([]).when({ type: 'PassChallenge', userId, loginId: null, purpose: 'disable', proof: { method: 'totp', timeStep: 105 } }).thenThrows('mfa_not_enabled');
    spec.given([started()]).when({ type: 'PassChallenge', userId, loginId: null, purpose: 'regenerate', proof: { method: 'totp', timeStep: 105 } }).thenThrows('mfa_not_enabled');
  });

  it('regenerating gives the next set number', () => {
    spec
      .given([started(), enabled(100, 1)])
      .when({ type: 'PassChallenge', userId, loginId: null, purpose: 'regenerate', proof: { method: 'totp', timeStep: 101 } })
      .then([
        {
          type: 'MfaChallengePassed',
          data: { userId, loginId: null, purpose: 'regenerate', method: 'totp', timeStep: 101, recoveryIndex: null, generation: null, recoveryRemaining: 10, at },
        },
        { type: 'MfaRecoveryCodesRegenerated', data: { userId, generation: 2, recoveryCount: 10, at } },
      ]);
  });
});
