import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the deals domain (the sales pipeline). */
export const DEAL_ERRORS = defineDomainErrors({
  deal_not_found: { kind: 'not_found', message: 'Deal not found' },
  deal_out_of_scope: { kind: 'forbidden', message: 'This deal is assigned to someone else' },
  deal_exists: { kind: 'conflict', message: 'This deal already exists', internal: true },
  deal_not_deleted: { kind: 'conflict', message: 'This deal is not deleted' },
});
