import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the Security & Audit Center. */
export const SECURITY_CENTER_ERRORS = defineDomainErrors({
  assessment_not_found: { kind: 'not_found', message: 'No compliance assessment has been recorded yet' },
  assessment_recorded: { kind: 'conflict', message: 'This assessment is already recorded', internal: true },
});
