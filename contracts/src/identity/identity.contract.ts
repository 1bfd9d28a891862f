import { defineDomainContract } from '../platform/domain-contract.ts';
import { IDENTITY_ERRORS } from './identity.errors.ts';
import { userEventSchemas } from './user.events.ts';
import { MFA_ERRORS } from './mfa.errors.ts';
import { mfaEventSchemas } from './mfa.events.ts';

/** Accounts, registration, roles and permissions, the Users and Profile areas. */
export const identityContract = defineDomainContract({
  name: 'identity',
  events: [userEventSchemas, mfaEventSchemas],
  errors: { ...IDENTITY_ERRORS, ...MFA_ERRORS },
  adminPaths: ['/admin/users', '/admin/profile'],
});
