import { defineDomainContract } from '../platform/domain-contract.ts';
import { AUDIT_ERRORS } from './audit.errors.ts';
import { auditEventSchemas } from './audit.events.ts';

/** The audit trail: a projection of every event (docs/AUDIT.md), and the exports it records. */
export const auditContract = defineDomainContract({
  name: 'audit',
  events: [auditEventSchemas],
  errors: AUDIT_ERRORS,
});
