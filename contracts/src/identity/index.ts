/** The identity domain's contracts (docs/ADDING-A-DOMAIN.md). */
export * from './auth.input.ts';
export * from './identity.errors.ts';
export * from './invitations.input.ts';
export * from './mfa.errors.ts';
export * from './mfa.events.ts';
export * from './mfa.input.ts';
export * from './permissions.ts';
export * from './profile.constants.ts';
export * from './profile.input.ts';
export * from './user.events.ts';
export * from './users.input.ts';
export * from './identity.contract.ts';
