/** The marketing domain's contracts (issue 16): campaigns, lead forms, submissions, analytics. */
export * from './marketing.constants.ts';
export * from './marketing.events.ts';
export * from './marketing.input.ts';
export * from './marketing.errors.ts';
export * from './marketing.views.ts';
export * from './marketing.contract.ts';
export * from './lead-form.submission.ts';
