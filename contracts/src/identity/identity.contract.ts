import { defineDomainContract } from '../platform/domain-contract.ts';
import { IDENTITY_ERRORS } from './identity.errors.ts';
import { userEventSchemas } from './user.events.ts';

/** Accounts, registration, roles and permissions, the Users and Profile areas. */
export const identityContract = defineDomainContract({
  name: 'identity',
  events: [userEventSchemas],
  errors: IDENTITY_ERRORS,
  adminPaths: ['/admin/users', '/admin/profile'],
});
