/**
 * Newsletter subscription with double opt-in (decisions in newsletter.decider.ts).
 *
 * Enumeration-safe by design: `subscribe` answers the same "check your inbox" for a new, a pending and an already
 * confirmed address, and at the same speed, because the work (decide, append, queue the mail) happens after
 * the answer, in the background (as the password reset does). Only the address's owner learns more, by mail:
 * a confirmation link, or "you are already subscribed". At most one mail per address per resend interval.
 *
 * The link is `<PUBLIC_URL or the server's own address>/newsletter/confirm?token=...` (never the Host header).
 * The token carries 256 random bits; only its SHA-256 is recorded (in the event); the raw token exists in the
 * mail and its queue job, which is removed as soon as it is done.
 */
import { createAfterResponse, newSecretToken, sha256Hex } from '../platform/after-response.ts';
import {
  NEWSLETTER_TOKEN_TTL_MS,
  newsletterStreamId,
  type EventStore,
  type NewsletterSubscribeInput,
  type SendEmailJob,
} from '@crm/contracts';
import { enqueueMail, renderNewsletterAlreadySubscribedMail, renderNewsletterConfirmMail, type AppQueue, type WorkerLogger } from '@crm/workers';
import { handleCommand } from '../platform/command-handler.ts';
import type { CommandContext } from '../platform/decider.ts';
import { newsletterDecider, newsletterTokenInvalid } from './newsletter.decider.ts';

export const NEWSLETTER_CHECK_INBOX_MESSAGE = 'Check your inbox: we sent you a link to confirm your subscription.';
export const NEWSLETTER_CONFIRMED_MESSAGE = 'Your subscription is confirmed.';

/** Mail jobs holding a raw token leave the queue as soon as they are done (sent or finally failed). */
const TOKEN_MAIL_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true } as const;

export const newsletterEmailHash = (email: string) => sha256Hex(email.trim().toLowerCase());
export const hashNewsletterToken = sha256Hex;

export interface NewsletterService {
  /** Always resolves the same way; the decision and the mail follow in the background. */
  subscribe(input: NewsletterSubscribeInput, ctx: CommandContext): Promise<void>;
  /** Confirms the subscription the token was issued for (again: still confirmed); throws `newsletter_token_invalid`. */
  confirm(token: string, ctx: CommandContext): Promise<{ alreadyConfirmed: boolean }>;
  /** Waits for background requests (graceful stop, tests). */
  drain(): Promise<void>;
}

export interface NewsletterDeps {
  store: EventStore;
  mailQueue: AppQueue<SendEmailJob>;
  log: WorkerLogger;
  /** PUBLIC_URL, or the server's own listening URL: the base of the link in the mail. */
  publicUrl: () => string;
}

export function createNewsletterService(deps: NewsletterDeps): NewsletterService {
  const { store, mailQueue, log } = deps;
  const afterResponse = createAfterResponse((err) => log.error({ err }, 'newsletter subscription request failed'));

  async function request(input: NewsletterSubscribeInput, ctx: CommandContext) {
    const emailHash = newsletterEmailHash(input.email);
    const streamId = newsletterStreamId(emailHash);
    const token = `${emailHash}.${newSecretToken()}`;
    const result = await handleCommand(store, streamId, newsletterDecider, {
      type: 'RequestSubscription',
      email: input.email,
      tokenHash: hashNewsletterToken(token),
      expiresAt: new Date(ctx.now.getTime() + NEWSLETTER_TOKEN_TTL_MS),
      locale: input.locale,
      source: input.source,
    }, ctx);
    const [decided] = result.events;
    if (!decided) {
      log.info({ streamId }, 'newsletter: a mail went out to this address moments ago; nothing sent');
      return;
    }
    // The appended event sits right after the history the command was decided on: its id names the mail job.
    const recorded = (await store.readStream(streamId))[result.history.length];
    if (!recorded || recorded.type !== decided.type) throw new Error(`newsletter: appended event not found in ${streamId}`);
    if (decided.type === 'NewsletterSubscriptionRequested') {
      const link = `${deps.publicUrl().replace(/\/+$/, '')}/newsletter/confirm?token=${encodeURIComponent(token)}`;
      await enqueueMail(mailQueue, renderNewsletterConfirmMail({ to: input.email, link, locale: input.locale, causationId: recorded.id }), TOKEN_MAIL_JOB_OPTIONS);
    } else {
      await enqueueMail(mailQueue, renderNewsletterAlreadySubscribedMail({ to: input.email, locale: input.locale, causationId: recorded.id }));
    }
    log.info({ streamId, event: decided.type }, 'newsletter mail queued');
  }

  return {
    async subscribe(input, ctx) {
      afterResponse.run(() => request(input, ctx));
    },

    async confirm(token, ctx) {
      const emailHash = token.split('.', 1)[0] ?? '';
      if (!/^[0-9a-f]{64}$/.test(emailHash)) throw newsletterTokenInvalid();
      const result = await handleCommand(store, newsletterStreamId(emailHash), newsletterDecider, { type: 'ConfirmSubscription', tokenHash: hashNewsletterToken(token) }, ctx);
      return { alreadyConfirmed: result.events.length === 0 };
    },

    drain: afterResponse.drain,
  };
}
