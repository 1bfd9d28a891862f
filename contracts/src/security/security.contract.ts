import { defineDomainContract } from '../platform/domain-contract.ts';
import { ipBlockEventSchemas } from './ip-block.events.ts';
import { loginEventSchemas } from './login.events.ts';
import { SECURITY_ERRORS } from './security.errors.ts';

/** Logins and sessions, login history, IP blocks, throttles. */
export const securityContract = defineDomainContract({
  name: 'security',
  events: [loginEventSchemas, ipBlockEventSchemas],
  errors: SECURITY_ERRORS,
  adminPaths: ['/admin/login-history'],
});
