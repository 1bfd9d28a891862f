import type pg from 'pg';
import type { EventStore, UserType } from '@crm/contracts';
import type { Accounts } from '../identity/accounts.ts';
import type { MfaService } from '../identity/mfa.service.ts';
import type { SessionManager } from '../identity/session.ts';
import { createIpBlocksService, type IpBlocksService } from './ip-blocks.service.ts';
import { createLoginHistoryService, type LoginHistoryService } from './login-history.service.ts';
import type { ThrottlePolicy } from './login-throttle.policy.ts';
import { createLoginThrottle } from './login-throttle.store.ts';
import { createLoginService, type LoginService } from './login.service.ts';
import { createRateLimiter, type RateLimiter, type RateLimitOptions } from './public-post-guard.ts';

/** The security area's services (login flow, throttling, rate limits, IP blocks, login history). */
export interface SecurityServices {
  login: LoginService;
  ipBlocks: IpBlocksService;
  loginHistory: LoginHistoryService;
  rateLimiter: RateLimiter;
}

export function createSecurityServices(deps: {
  pool: pg.Pool;
  store: EventStore;
  accounts: Accounts;
  sessions: SessionManager;
  /** The login's second step (identity's MFA) and whether the policy requires MFA for a role. */
  mfa?: MfaService;
  mfaRequired?: (userType: UserType) => Promise<boolean>;
  now: () => Date;
  config: { businessTimeZone: string; loginThrottle: { account: ThrottlePolicy; ip: ThrottlePolicy }; rateLimit: RateLimitOptions };
}): SecurityServices {
  const { pool, store, config } = deps;
  const ipBlocks = createIpBlocksService({ pool, store });
  const throttle = createLoginThrottle(pool, config.loginThrottle);
  return {
    login: createLoginService({ pool, store, accounts: deps.accounts, sessions: deps.sessions, ipBlocks, throttle, now: deps.now, mfa: deps.mfa, mfaRequired: deps.mfaRequired }),
    ipBlocks,
    loginHistory: createLoginHistoryService({ pool, store, businessTimeZone: config.businessTimeZone }),
    rateLimiter: createRateLimiter(pool, config.rateLimit),
  };
}
