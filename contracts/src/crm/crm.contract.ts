import { defineDomainContract } from '../platform/domain-contract.ts';
import { CRM_ERRORS } from './crm.errors.ts';

/** What the CRM areas share: the actor and its scope, constants, assignees. */
export const crmContract = defineDomainContract({
  name: 'crm',
  errors: CRM_ERRORS,
});
