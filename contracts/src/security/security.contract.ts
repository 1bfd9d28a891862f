import { defineDomainContract } from '../platform/domain-contract.ts';
import { ipBlockEventSchemas } from './ip-block.events.ts';
import { loginEventSchemas } from './login.events.ts';
import { POLICY_ERRORS } from './policy.errors.ts';
import { policyEventSchemas } from './policy.events.ts';
import { SECURITY_ERRORS } from './security.errors.ts';

/** Logins and sessions, login history, IP blocks, throttles. */
export const securityContract = defineDomainContract({
  name: 'security',
  events: [loginEventSchemas, ipBlockEventSchemas, policyEventSchemas],
  errors: { ...SECURITY_ERRORS, ...POLICY_ERRORS },
  adminPaths: ['/admin/login-history'],
});
