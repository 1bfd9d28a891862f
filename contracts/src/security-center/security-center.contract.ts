import { defineDomainContract } from '../platform/domain-contract.ts';
import { complianceEventSchemas } from './compliance.events.ts';
import { SECURITY_CENTER_ERRORS } from './security-center.errors.ts';

/** The Security & Audit Center (issue 14): Security Score, compliance assessments, and its admin area. */
export const securityCenterContract = defineDomainContract({
  name: 'security-center',
  events: [complianceEventSchemas],
  errors: SECURITY_CENTER_ERRORS,
  // The Audit Log viewer's area (web/src/modules/audit) is served with the Security & Audit Center's.
  adminPaths: ['/admin/security', '/admin/audit-log'],
});
