/**
 * A public lead-form submission (issue 16; stream `form-submission-<id>`): received once, as a real submission
 * (LeadFormSubmitted) or as spam (LeadFormSpamReceived), never changed. The spam rule is `spamReasonOf`: the
 * honeypot field filled, or the form sent back sooner than the minimum fill time after it was served.
 */
import { MARKETING_ERRORS, domainError, type MarketingEvent, type SpamReason } from '@crm/contracts';
import type { CommandContext, Decider } from '../platform/decider.ts';

type SubmissionEvent = Extract<MarketingEvent, { type: 'LeadFormSubmitted' | 'LeadFormSpamReceived' }>;
type Submitted = Extract<SubmissionEvent, { type: 'LeadFormSubmitted' }>['data'];
type Spam = Extract<SubmissionEvent, { type: 'LeadFormSpamReceived' }>['data'];

export type FormSubmissionState = { received: false } | { received: true; spam: boolean };

export type FormSubmissionCommand =
  | { type: 'ReceiveFormSubmission'; submission: Omit<Submitted, 'submittedAt'> }
  | { type: 'ReceiveFormSpam'; spam: Omit<Spam, 'receivedAt'> };

/**
 * Why a submission is spam, or null: a non-blank honeypot (`website`, a field people never see), or a form
 * returned less than `minFillMs` after it was served (`servedAt`, from the signed form token).
 */
export function spamReasonOf(input: { honeypot: string | null | undefined; servedAt: Date; now: Date; minFillMs: number }): SpamReason | null {
  if (input.honeypot && input.honeypot.trim() !== '') return 'honeypot';
  if (input.now.getTime() - input.servedAt.getTime() < input.minFillMs) return 'too_fast';
  return null;
}

const initialState: FormSubmissionState = { received: false };

function evolve(_state: FormSubmissionState, event: SubmissionEvent): FormSubmissionState {
  switch (event.type) {
    case 'LeadFormSubmitted':
      return { received: true, spam: false };
    case 'LeadFormSpamReceived':
      return { received: true, spam: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function decide(command: FormSubmissionCommand, state: FormSubmissionState, ctx: CommandContext): SubmissionEvent[] {
  if (state.received) throw domainError(MARKETING_ERRORS.form_submission_exists);
  const at = ctx.now.toISOString();
  switch (command.type) {
    case 'ReceiveFormSubmission':
      return [{ type: 'LeadFormSubmitted', data: { ...command.submission, submittedAt: at } }];
    case 'ReceiveFormSpam':
      return [{ type: 'LeadFormSpamReceived', data: { ...command.spam, receivedAt: at } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const formSubmissionDecider: Decider<FormSubmissionState, FormSubmissionCommand, SubmissionEvent> = { initialState, evolve, decide };
