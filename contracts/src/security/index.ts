/** The security domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './alert.contract.ts';
export * from './alert.errors.ts';
export * from './alert.events.ts';
export * from './alert.input.ts';
export * from './ip-block.events.ts';
export * from './login-history.input.ts';
export * from './login.events.ts';
export * from './policy.errors.ts';
export * from './policy.events.ts';
export * from './policy.input.ts';
export * from './security.errors.ts';
export * from './security.contract.ts';
