/** The customers domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './customer.errors.ts';
export * from './customer.events.ts';
export * from './customer.input.ts';
export * from './customers.contract.ts';
