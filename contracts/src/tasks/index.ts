/** The tasks domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './task.errors.ts';
export * from './task.events.ts';
export * from './task.input.ts';
export * from './tasks.contract.ts';
