// The platform's shared contracts …
export * from './platform/event-store.port.ts';
export * from './platform/domain-contract.ts';
export * from './platform/domain-error.ts';
export * from './platform/error-codes.ts';
export * from './platform/event-registry.ts';
export * from './platform/field-issues.ts';
export * from './platform/locale.ts';
export * from './platform/nul-characters.ts';
export * from './platform/site-routes.ts';
export * from './platform/zoned-time.ts';
export * from './mail/mail.jobs.ts';
// … and every domain's (contracts/src/domains.ts).
export * from './domains.ts';
