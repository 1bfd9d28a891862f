/** The search domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './search.input.ts';
export * from './search.contract.ts';
