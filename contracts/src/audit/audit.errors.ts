import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the audit domain. */
export const AUDIT_ERRORS = defineDomainErrors({
  audit_entry_not_found: { kind: 'not_found', message: 'Audit entry not found' },
});
