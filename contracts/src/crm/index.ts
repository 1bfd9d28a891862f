/** The crm domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './crm-actor.ts';
export * from './crm.constants.ts';
export * from './crm.errors.ts';
export * from './crm.input.ts';
export * from './crm.contract.ts';
