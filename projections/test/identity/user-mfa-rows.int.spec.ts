/**
 * The two-step verification read model row by row: turned on, codes used, new recovery codes, turned off and on
 * again; challenges issued or failed change nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { type MfaEvent, mfaStreamId } from '@crm/contracts';
import { userMfaProjection } from '../../src/identity/user-mfa.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(userMfaProjection);
afterAll(() => spec.close());

const ev = (e: MfaEvent): SpecEvent => ({ streamId: mfaStreamId(e.data.userId), type: e.type, data: e.data });
const at = (minute: number) => `2030-06-15T12:${String(minute).padStart(2, '0')}:00.000Z`;
const enabled = (userId: string, minute: number, generation = 1) =>
  ev({ type: 'MfaEnabled', data: { userId, timeStep: 1000 + minute, generation, recoveryCount: 10, loginId: null, at: at(minute) } });
const passed = (userId: string, minute: number, recoveryRemaining: number, purpose: 'login' | 'disable' = 'login') =>
  ev({
    type: 'MfaChallengePassed',
    data: { userId, loginId: null, purpose, method: recoveryRemaining < 10 ? 'recovery_code' : 'totp', timeStep: null, recoveryIndex: null, generation: null, recoveryRemaining, at: at(minute) },
  });

describe('user_mfa projection: given events, then rows', () => {
  it('turned on: enabled since then, ten recovery codes; a recovery code used leaves nine', async () => {
    const userId = randomUUID();
    await spec
      .given(enabled(userId, 1))
      .when(passed(userId, 2, 9))
      .then([{ user_id: userId, enabled: true, enabled_at: at(1), recovery_remaining: 9, last_used_at: at(2) }]);
  });

  it('new recovery codes give ten again; turned off, then on again', async () => {
    const userId = randomUUID();
    await spec
      .given(enabled(userId, 1), passed(userId, 2, 9), ev({ type: 'MfaRecoveryCodesRegenerated', data: { userId, generation: 2, recoveryCount: 10, at: at(3) } }))
      .then([{ user_id: userId, enabled: true, recovery_remaining: 10 }]);
    const other = randomUUID();
    await spec
      .given(enabled(other, 1), passed(other, 4, 10, 'disable'), ev({ type: 'MfaDisabled', data: { userId: other, by: other, at: at(4) } }))
      .then([{ user_id: other, enabled: false, enabled_at: null, recovery_remaining: 0 }]);
    const again = randomUUID();
    await spec
      .given(enabled(again, 1), ev({ type: 'MfaDisabled', data: { userId: again, by: again, at: at(2) } }), enabled(again, 5, 2))
      .then([{ user_id: again, enabled: true, enabled_at: at(5), recovery_remaining: 10 }]);
  });

  it('challenges issued or failed and a started enrolment make no row', async () => {
    const userId = randomUUID();
    const loginId = randomUUID();
    await spec
      .given(
        ev({ type: 'MfaEnrolmentStarted', data: { userId, via: 'profile', at: at(1) } }),
        ev({ type: 'MfaChallengeIssued', data: { userId, loginId, purpose: 'enrol', expiresAt: at(6), ip: null, at: at(1) } }),
        ev({ type: 'MfaChallengeFailed', data: { userId, loginId, purpose: 'enrol', reason: 'wrong_code', ip: null, at: at(2) } }),
      )
      .then([]);
  });
});
