/** The Security & Audit Center's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './security-checks.ts';
export * from './compliance.events.ts';
export * from './security-center.input.ts';
export * from './security-center.errors.ts';
export * from './security-center.contract.ts';
