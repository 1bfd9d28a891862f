import { defineDomainContract } from '../platform/domain-contract.ts';
import { CONTACT_ERRORS } from './contact.errors.ts';
import { contactEventSchemas } from './contact.events.ts';

/** The public contact form. */
export const contactContract = defineDomainContract({
  name: 'contact',
  events: [contactEventSchemas],
  errors: CONTACT_ERRORS,
});
