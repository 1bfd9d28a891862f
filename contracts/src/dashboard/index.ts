/** The dashboard domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './dashboard.input.ts';
export * from './dashboard.contract.ts';
