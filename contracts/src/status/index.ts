/** The status domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './status.schema.ts';
export * from './status.contract.ts';
