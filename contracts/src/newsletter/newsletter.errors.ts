import { defineDomainErrors } from '../platform/domain-error.ts';

/** Refusals of the newsletter domain (double opt-in). */
export const NEWSLETTER_ERRORS = defineDomainErrors({
  newsletter_token_invalid: {
    kind: 'unprocessable',
    message: 'This confirmation link is invalid or has expired. Subscribe again to get a new one.',
  },
});
