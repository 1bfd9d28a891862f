import { defineDomainContract } from '../platform/domain-contract.ts';

/** The public status page's data. */
export const statusContract = defineDomainContract({
  name: 'status',
});
