/** The newsletter domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './newsletter.errors.ts';
export * from './newsletter.events.ts';
export * from './newsletter.input.ts';
export * from './newsletter.rules.ts';
export * from './newsletter.contract.ts';
