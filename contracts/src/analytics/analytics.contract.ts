import { defineDomainContract } from '../platform/domain-contract.ts';
import { analyticsEventSchemas } from './analytics.events.ts';

/** The public site's consented page-view analytics. */
export const analyticsContract = defineDomainContract({
  name: 'analytics',
  events: [analyticsEventSchemas],
});
