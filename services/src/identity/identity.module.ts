import { createAccounts, type Accounts } from './accounts.ts';
import { createInvitationsService, type InvitationsService } from './invitations.service.ts';
import { createMfaService, type MfaService } from './mfa.service.ts';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service.ts';
import { createProfileService, type ProfileService } from './profile.service.ts';
import { createRegistrationService, type RegistrationService } from './registration.service.ts';
import { createSessionManager, type SessionManager } from './session.ts';
import { createUsersService, type UsersService } from './users.service.ts';
import { createLoginThrottle } from '../security/login-throttle.store.ts';
import { defineServiceModule } from '../app/service-module.ts';
import { authRouter } from './procedures/auth/_router.ts';
import { mfaRouter } from './procedures/mfa/_router.ts';
import { profileRouter } from './procedures/profile/_router.ts';
import { usersRouter } from './procedures/users/_router.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { registerUserRoutes } from './users.routes.ts';

export interface IdentityServices {
  accounts: Accounts;
  sessions: SessionManager;
  users: UsersService;
  profile: ProfileService;
  registration: RegistrationService;
  passwordReset: PasswordResetService;
  invitations: InvitationsService;
  /** Multi-factor authentication (TOTP, recovery codes): the Profile area's procedures and the login's second step. */
  mfa: MfaService;
}

/** Accounts, sessions, registration, password reset, invitations, the Users and Profile areas (docs/SECURITY.md). */
export const identityModule = defineServiceModule({
  name: 'identity',
  services({ pool, store, log, config, now, mailQueue, publicUrl, secrets }, app): IdentityServices {
    const accounts = createAccounts({ pool, store });
    // The security policies (listed before identity) decide the session timeouts and what passwords are allowed.
    const passwordPolicy = app.securityPolicies;
    const timeouts = async () => {
      const { idleMinutes, absoluteHours } = (await passwordPolicy.current()).session;
      return { idleMs: idleMinutes * 60_000, absoluteMs: Math.round(absoluteHours * 3_600_000) };
    };
    const sessions = createSessionManager({ pool, store }, { secure: config.publicUrl?.startsWith('https://') ?? false, ...config.session, now, timeouts });
    return {
      accounts,
      sessions,
      users: createUsersService({ pool, store, accounts, sessions }),
      profile: createProfileService({ pool, store, accounts, sessions, throttle: createLoginThrottle(pool, config.loginThrottle), now, passwordPolicy }),
      registration: createRegistrationService({ pool, accounts, mailQueue, log, passwordPolicy }),
      passwordReset: createPasswordResetService({ pool, store, sessions, mailQueue, log, now, publicUrl, passwordPolicy }),
      invitations: createInvitationsService({ pool, store, accounts, mailQueue, log, now, publicUrl, passwordPolicy }),
      mfa: createMfaService({ pool, store, throttle: createLoginThrottle(pool, config.loginThrottle), now, secrets }),
    };
  },
  routers: { auth: authRouter, users: usersRouter, profile: profileRouter, mfa: mfaRouter },
  routes(http, services) {
    registerAuthRoutes(http, services);
    registerUserRoutes(http, services);
  },
  start(services, { log }) {
    // Ends abandoned sessions, so login history gets their duration (validation ends them lazily too).
    const sweep = setInterval(() => {
      services.sessions.sweepExpired().catch((err: unknown) => log.error({ err }, 'session sweep failed'));
    }, 60_000);
    sweep.unref();
    return async () => {
      clearInterval(sweep);
      await services.passwordReset.drain();
    };
  },
});
