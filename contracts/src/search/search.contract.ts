import { defineDomainContract } from '../platform/domain-contract.ts';

/** The command palette's one query over customers, deals, tasks and bookings. */
export const searchContract = defineDomainContract({
  name: 'search',
});
