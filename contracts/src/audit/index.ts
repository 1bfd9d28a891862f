/** The audit domain's contracts (docs/AUDIT.md). */
export * from '../platform/audit.ts';
export * from './audit.errors.ts';
export * from './audit.events.ts';
export * from './audit.input.ts';
export * from './audit.contract.ts';
