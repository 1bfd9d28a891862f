import { describe, it } from 'vitest';
import { NEWSLETTER_RESEND_INTERVAL_MS, NEWSLETTER_TOKEN_TTL_MS, type NewsletterEvent } from '@crm/contracts';
import { newsletterDecider, type NewsletterCommand } from '../../src/newsletter/newsletter.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const t0 = new Date('2026-03-02T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const specAt = (now: Date) => deciderSpec(newsletterDecider, { now, userId: null, metadata: { correlationId: 'test', userId: null, causationId: null } });
const hash = (c: string) => c.repeat(64);
const email = 'ada@example.com';

const request = (tokenHash: string, now: Date): NewsletterCommand => ({
  type: 'RequestSubscription',
  email,
  tokenHash,
  expiresAt: new Date(now.getTime() + NEWSLETTER_TOKEN_TTL_MS),
  locale: 'ar',
  source: 'blog',
});
const requested = (tokenHash: string, now: Date): NewsletterEvent => ({
  type: 'NewsletterSubscriptionRequested',
  data: { email, tokenHash, expiresAt: new Date(now.getTime() + NEWSLETTER_TOKEN_TTL_MS).toISOString(), locale: 'ar', source: 'blog', requestedAt: now.toISOString() },
});
const confirmed = (now: Date): NewsletterEvent => ({ type: 'NewsletterSubscriptionConfirmed', data: { email, confirmedAt: now.toISOString() } });
const repeated = (now: Date): NewsletterEvent => ({
  type: 'NewsletterSubscriptionRepeated',
  data: { email, locale: 'ar', source: 'blog', requestedAt: now.toISOString() },
});
const confirm = (tokenHash: string): NewsletterCommand => ({ type: 'ConfirmSubscription', tokenHash });

describe('newsletter decider: subscribe', () => {
  it('given nothing, when an address subscribes, then a confirmation is requested (token hash, expiry, language, source)', () => {
    specAt(t0).given([]).when(request(hash('a'), t0)).then([requested(hash('a'), t0)]);
  });
  it('given a pending request, when it subscribes again within the resend interval, then nothing (no second mail)', () => {
    const now = at(NEWSLETTER_RESEND_INTERVAL_MS - 1);
    specAt(now).given([requested(hash('a'), t0)]).when(request(hash('b'), now)).then([]);
  });
  it('given a pending request, when it subscribes again after the resend interval, then a new link is requested', () => {
    const now = at(NEWSLETTER_RESEND_INTERVAL_MS);
    specAt(now).given([requested(hash('a'), t0)]).when(request(hash('b'), now)).then([requested(hash('b'), now)]);
  });
  it('given a confirmed address, when it subscribes again, then the owner is told (Repeated), and not twice within the interval', () => {
    const later = at(NEWSLETTER_RESEND_INTERVAL_MS + 1000);
    specAt(later).given([requested(hash('a'), t0), confirmed(at(1000))]).when(request(hash('b'), later)).then([repeated(later)]);
    const soon = at(NEWSLETTER_RESEND_INTERVAL_MS + 2000);
    specAt(soon).given([requested(hash('a'), t0), confirmed(at(1000)), repeated(later)]).when(request(hash('c'), soon)).then([]);
  });
});

describe('newsletter decider: confirm', () => {
  it('given a pending request, when its token is used, then the subscription is confirmed', () => {
    const now = at(60_000);
    specAt(now).given([requested(hash('a'), t0)]).when(confirm(hash('a'))).then([confirmed(now)]);
  });
  it('given two links were sent, when the first (still valid) one is used, then confirmed', () => {
    const second = at(NEWSLETTER_RESEND_INTERVAL_MS);
    const now = at(NEWSLETTER_RESEND_INTERVAL_MS + 1);
    specAt(now).given([requested(hash('a'), t0), requested(hash('b'), second)]).when(confirm(hash('a'))).then([confirmed(now)]);
  });
  it('given a confirmed address, when its link is opened again, then nothing (idempotent success)', () => {
    specAt(at(120_000)).given([requested(hash('a'), t0), confirmed(at(60_000))]).when(confirm(hash('a'))).then([]);
  });
  it('given a pending request, when its token has expired, then refused', () => {
    specAt(at(NEWSLETTER_TOKEN_TTL_MS)).given([requested(hash('a'), t0)]).when(confirm(hash('a'))).thenThrows('newsletter_token_invalid');
  });
  it('given a pending request, when an unknown token is used, then refused', () => {
    specAt(at(1000)).given([requested(hash('a'), t0)]).when(confirm(hash('f'))).thenThrows('newsletter_token_invalid');
  });
  it('given a confirmed address, when an unknown token is used, then refused (a stranger learns nothing)', () => {
    specAt(at(1000)).given([requested(hash('a'), t0), confirmed(at(500))]).when(confirm(hash('f'))).thenThrows('newsletter_token_invalid');
  });
  it('given nothing, when any token is used, then refused', () => {
    specAt(t0).given([]).when(confirm(hash('a'))).thenThrows('newsletter_token_invalid');
  });
});
