import { BOOKING_ERRORS } from '../bookings/booking.errors.ts';
import { CONTACT_ERRORS } from '../contact/contact.errors.ts';
import { CRM_ERRORS } from '../crm/crm.errors.ts';
import { CUSTOMER_ERRORS } from '../customers/customer.errors.ts';
import { DEAL_ERRORS } from '../deals/deal.errors.ts';
import { IDENTITY_ERRORS } from '../identity/identity.errors.ts';
import { NEWSLETTER_ERRORS } from '../newsletter/newsletter.errors.ts';
import { SECURITY_ERRORS } from '../security/security.errors.ts';
import { TASK_ERRORS } from '../tasks/task.errors.ts';
import type { ErrorDef } from './domain-error.ts';

/**
 * Every domain's error definitions, by domain (the domains' names in every package). A domain that refuses
 * nothing (analytics, status) has no entry. A code belongs to exactly one domain: the one that owns the rule.
 */
export const DOMAIN_ERRORS = {
  bookings: BOOKING_ERRORS,
  identity: IDENTITY_ERRORS,
  security: SECURITY_ERRORS,
  customers: CUSTOMER_ERRORS,
  deals: DEAL_ERRORS,
  tasks: TASK_ERRORS,
  crm: CRM_ERRORS,
  contact: CONTACT_ERRORS,
  newsletter: NEWSLETTER_ERRORS,
} as const;

export type ErrorDomain = keyof typeof DOMAIN_ERRORS;
/** The codes of one domain. */
export type ErrorCodeOf<D extends ErrorDomain> = keyof (typeof DOMAIN_ERRORS)[D] & string;
/** Every refusal code a client can receive (`DomainError.code`, `TooManyRequestsError.code`). */
export type ErrorCode = { [D in ErrorDomain]: ErrorCodeOf<D> }[ErrorDomain];

/** Every domain's list of codes (a unit test fails on a code listed by two domains). */
export const ERROR_CODES = Object.fromEntries(
  Object.entries(DOMAIN_ERRORS).map(([domain, defs]) => [domain, Object.freeze(Object.keys(defs))]),
) as unknown as { readonly [D in ErrorDomain]: readonly ErrorCodeOf<D>[] };

const definitions = new Map<string, ErrorDef>(
  Object.values(DOMAIN_ERRORS).flatMap((defs) => Object.values(defs as Record<string, ErrorDef>).map((def) => [def.code, def] as const)),
);

/** Whether a string (e.g. a response's `domainCode`) is a known refusal code. */
export const isErrorCode = (code: string | null | undefined): code is ErrorCode => !!code && definitions.has(code);

/** The definition of a code (kind and English message), if it is one. */
export const errorDefinition = (code: string): ErrorDef | undefined => definitions.get(code);
