/** The deals domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './deal.errors.ts';
export * from './deal.events.ts';
export * from './deal.input.ts';
export * from './deals.contract.ts';
