import { describe, expect, it } from 'vitest';
import type { MarketingEvent } from '@crm/contracts';
import { formSubmissionDecider, spamReasonOf, type FormSubmissionCommand } from '../../src/marketing/form-submission.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

type SubmissionEvent = Extract<MarketingEvent, { type: 'LeadFormSubmitted' | 'LeadFormSpamReceived' }>;

const now = new Date('2026-11-26T10:00:00.000Z');
const spec = deciderSpec(formSubmissionDecider, { now, userId: null, metadata: { correlationId: 'test', userId: null, causationId: null } });
const submissionId = '0b7d3c52-4a43-4d2b-8f35-0c3c5e3a8f11';
const formId = '6f1c1d9e-2b1a-4c44-9f0e-3f1e2d6a7b01';
const origin = {
  channel: 'hosted' as const,
  referrer: 'https://news.example.org/',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  ipAddress: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
};
const submission = {
  submissionId,
  formId,
  formName: 'Contact',
  campaignId: null,
  data: { full_name: 'Ada Lovelace', email: 'ada@example.com' },
  email: 'ada@example.com',
  customerId: '9d2f7a61-3c1e-4b8a-8f0e-1a2b3c4d5e6f',
  leadCreated: true,
  leadSource: 'referral' as const,
  ...origin,
  locale: 'fr' as const,
};
const receive: FormSubmissionCommand = { type: 'ReceiveFormSubmission', submission };
const received: SubmissionEvent = { type: 'LeadFormSubmitted', data: { ...submission, submittedAt: now.toISOString() } };
const spamData = { submissionId, formId, formName: 'Contact', reason: 'honeypot' as const, data: { email: 'bot@example.com' }, ...origin };
const receiveSpam: FormSubmissionCommand = { type: 'ReceiveFormSpam', spam: spamData };
const spamReceived: SubmissionEvent = { type: 'LeadFormSpamReceived', data: { ...spamData, receivedAt: now.toISOString() } };

describe('form submission decider', () => {
  it('given nothing, when a submission is received, then LeadFormSubmitted at the time of the command', () => {
    spec.given([]).when(receive).then([received]);
  });
  it('given nothing, when spam is received, then LeadFormSpamReceived with its reason', () => {
    spec.given([]).when(receiveSpam).then([spamReceived]);
  });
  it('given a submission (real or spam), when anything is received on its stream again, then it is refused (written once)', () => {
    spec.given([received]).when(receive).thenThrows('form_submission_exists');
    spec.given([spamReceived]).when(receive).thenThrows('form_submission_exists');
    spec.given([received]).when(receiveSpam).thenThrows('form_submission_exists');
  });
});

describe('spam rule', () => {
  const servedAt = new Date(now.getTime() - 10_000);
  it('the honeypot filled is spam, however slow', () => {
    expect(spamReasonOf({ honeypot: 'http://spam.example', servedAt, now, minFillMs: 3000 })).toBe('honeypot');
  });
  it('a blank honeypot is not', () => {
    expect(spamReasonOf({ honeypot: '   ', servedAt, now, minFillMs: 3000 })).toBeNull();
    expect(spamReasonOf({ honeypot: null, servedAt, now, minFillMs: 3000 })).toBeNull();
  });
  it('sooner than the minimum fill time after serving is too_fast; exactly the minimum is not', () => {
    expect(spamReasonOf({ honeypot: undefined, servedAt: new Date(now.getTime() - 2999), now, minFillMs: 3000 })).toBe('too_fast');
    expect(spamReasonOf({ honeypot: undefined, servedAt: new Date(now.getTime() - 3000), now, minFillMs: 3000 })).toBeNull();
  });
});
