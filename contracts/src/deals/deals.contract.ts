import { defineDomainContract } from '../platform/domain-contract.ts';
import { DEAL_ERRORS } from './deal.errors.ts';
import { dealEventSchemas } from './deal.events.ts';

/** Deals and the pipeline (spec 02 §3). */
export const dealsContract = defineDomainContract({
  name: 'deals',
  events: [dealEventSchemas],
  errors: DEAL_ERRORS,
  adminPaths: ['/admin/pipeline'],
});
