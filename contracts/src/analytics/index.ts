/** The analytics domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './analytics.events.ts';
export * from './analytics.input.ts';
export * from './analytics.contract.ts';
