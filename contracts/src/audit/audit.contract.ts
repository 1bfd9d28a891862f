import { defineDomainContract } from '../platform/domain-contract.ts';
import { auditEventSchemas } from './audit.events.ts';

/** The audit trail: a projection of every event (docs/AUDIT.md), and the exports it records. */
export const auditContract = defineDomainContract({
  name: 'audit',
  events: [auditEventSchemas],
});
