import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of multi-factor authentication (part of the identity domain's codes). */
export const MFA_ERRORS = defineDomainErrors({
  mfa_already_enabled: { kind: 'conflict', message: 'Two-step verification is already on for this account' },
  mfa_not_enabled: { kind: 'conflict', message: 'Two-step verification is not on for this account' },
  mfa_enrolment_not_started: { kind: 'conflict', message: 'Start the set-up of two-step verification again' },
  mfa_code_invalid: { kind: 'unprocessable', message: 'The verification code is not valid' },
  mfa_code_reused: { kind: 'unprocessable', message: 'This code was already used: wait for the next one' },
  mfa_challenge_invalid: { kind: 'unprocessable', message: 'This sign-in step has expired or was already used: log in again' },
});
