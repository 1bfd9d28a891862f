/**
 * Newsletter subscription with double opt-in, one stream per address (`newsletter-<sha256 of the address>`).
 *
 * - RequestSubscription: none → `NewsletterSubscriptionRequested` (a confirmation link is mailed). Pending →
 *   another `Requested` (a new link; earlier unexpired links keep working) only once the resend interval has
 *   passed since the last mail, else nothing. Confirmed → `NewsletterSubscriptionRepeated` (the owner is told
 *   they are subscribed) under the same interval, else nothing. Whatever happens, the caller answers the same
 *   "check your inbox" (no enumeration); only the address's owner learns more, by mail.
 * - ConfirmSubscription: pending + a known, unexpired token → `NewsletterSubscriptionConfirmed`; confirmed + a
 *   token that was issued for this address → nothing (idempotent: the link opened twice still says subscribed);
 *   anything else → `newsletter_token_invalid`.
 * Time, the token's hash and its expiry arrive in the command and its context: the decider stays pure.
 */
import { NEWSLETTER_ERRORS, NEWSLETTER_RESEND_INTERVAL_MS, domainError, type Locale, type NewsletterEvent, type NewsletterSource } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

interface IssuedToken {
  hash: string;
  expiresAt: number;
}

export type NewsletterState =
  | { status: 'none' }
  | { status: 'pending' | 'confirmed'; email: string; tokens: IssuedToken[]; lastMailAt: number };

export type NewsletterCommand =
  | { type: 'RequestSubscription'; email: string; tokenHash: string; expiresAt: Date; locale: Locale; source: NewsletterSource }
  | { type: 'ConfirmSubscription'; tokenHash: string };

const initialState: NewsletterState = { status: 'none' };

function evolve(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'NewsletterSubscriptionRequested': {
      const token = { hash: event.data.tokenHash, expiresAt: Date.parse(event.data.expiresAt) };
      const tokens = state.status === 'none' ? [token] : [...state.tokens, token];
      const status = state.status === 'confirmed' ? 'confirmed' : 'pending';
      return { status, email: event.data.email, tokens, lastMailAt: Date.parse(event.data.requestedAt) };
    }
    case 'NewsletterSubscriptionConfirmed':
      return state.status === 'none' ? { status: 'confirmed', email: event.data.email, tokens: [], lastMailAt: 0 } : { ...state, status: 'confirmed' };
    case 'NewsletterSubscriptionRepeated':
      return state.status === 'none' ? state : { ...state, lastMailAt: Date.parse(event.data.requestedAt) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export const newsletterTokenInvalid = () =>
  domainError(NEWSLETTER_ERRORS.newsletter_token_invalid);

function decide(command: NewsletterCommand, state: NewsletterState, ctx: CommandContext): NewsletterEvent[] {
  const now = ctx.now.getTime();
  const at = ctx.now.toISOString();
  switch (command.type) {
    case 'RequestSubscription': {
      const { email, locale, source } = command;
      if (state.status !== 'none' && now - state.lastMailAt < NEWSLETTER_RESEND_INTERVAL_MS) return [];
      if (state.status === 'confirmed') return [{ type: 'NewsletterSubscriptionRepeated', data: { email, locale, source, requestedAt: at } }];
      return [
        {
          type: 'NewsletterSubscriptionRequested',
          data: { email, tokenHash: command.tokenHash, expiresAt: command.expiresAt.toISOString(), locale, source, requestedAt: at },
        },
      ];
    }
    case 'ConfirmSubscription': {
      if (state.status === 'none') throw newsletterTokenInvalid();
      const token = state.tokens.find((t) => t.hash === command.tokenHash);
      if (!token) throw newsletterTokenInvalid();
      if (state.status === 'confirmed') return [];
      if (token.expiresAt <= now) throw newsletterTokenInvalid();
      return [{ type: 'NewsletterSubscriptionConfirmed', data: { email: state.email, confirmedAt: at } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const newsletterDecider: Decider<NewsletterState, NewsletterCommand, NewsletterEvent> = { initialState, evolve, decide };
