import { defineDomainContract } from '../platform/domain-contract.ts';
import { MARKETING_ERRORS } from './marketing.errors.ts';
import { marketingEventSchemas } from './marketing.events.ts';

/** Marketing (issue 16): campaigns, lead-capture forms (hosted `/f/<slug>` and embedded), submissions, analytics. */
export const marketingContract = defineDomainContract({
  name: 'marketing',
  events: [marketingEventSchemas],
  errors: MARKETING_ERRORS,
  adminPaths: ['/admin/marketing'],
});
