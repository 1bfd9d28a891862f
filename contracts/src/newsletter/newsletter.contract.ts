import { defineDomainContract } from '../platform/domain-contract.ts';
import { NEWSLETTER_ERRORS } from './newsletter.errors.ts';
import { newsletterEventSchemas } from './newsletter.events.ts';

/** Newsletter sign-up with double opt-in. */
export const newsletterContract = defineDomainContract({
  name: 'newsletter',
  events: [newsletterEventSchemas],
  errors: NEWSLETTER_ERRORS,
});
