/** The contact domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './contact.errors.ts';
export * from './contact.events.ts';
export * from './contact.input.ts';
export * from './contact.rules.ts';
export * from './contact.contract.ts';
