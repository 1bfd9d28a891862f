import type { AnalyticsService } from '../analytics/analytics.service.ts';
import type { BookingsService } from '../bookings/bookings.service.ts';
import type { Accounts, SessionUser } from '../identity/accounts.ts';
import type { PasswordResetService } from '../identity/password-reset.service.ts';
import type { RegistrationService } from '../identity/registration.service.ts';
import type { ProfileService } from '../identity/profile.service.ts';
import type { SessionManager } from '../identity/session.ts';
import type { UsersService } from '../identity/users.service.ts';
import type { CommandContext } from './decider.ts';
import type { CrmService } from '../crm/crm.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import type { TasksService } from '../tasks/tasks.service.ts';
import type { SecurityServices } from '../security/security.services.ts';
import type { ContactService } from '../contact/contact.service.ts';
import type { NewsletterService } from '../newsletter/newsletter.service.ts';
import type { StatusPageService } from '../status/status.service.ts';

/** What every request handler may use; built once at start-up. */
export interface AppServices {
  bookings: BookingsService;
  accounts: Accounts;
  sessions: SessionManager;
  users: UsersService;
  profile: ProfileService;
  registration: RegistrationService;
  passwordReset: PasswordResetService;
  security: SecurityServices;
  contact: ContactService;
  newsletter: NewsletterService;
  status: StatusPageService;
  analytics: AnalyticsService;
  crm: CrmService;
  deals: DealsService;
  customers: CustomersService;
  tasks: TasksService;
  /** `publicUrl()`: PUBLIC_URL, else the server's own address; the base of absolute links (mails, sitemap), never the Host header. */
  config: { businessTimeZone: string; publicUrl: () => string };
  now: () => Date;
}

/** Per request: the caller, where they came from, and a way to set cookies. */
export interface RequestContext {
  services: AppServices;
  user: SessionUser | null;
  sessionId: string | null;
  /** The current session's public handle (its login id). */
  loginId: string | null;
  ip: string | null;
  userAgent: string | null;
  correlationId: string;
  setCookie(serialized: string): void;
}

export function commandContext(ctx: RequestContext): CommandContext {
  return {
    now: ctx.services.now(),
    userId: ctx.user?.id ?? null,
    metadata: { userId: ctx.user?.id ?? null, ip: ctx.ip, userAgent: ctx.userAgent, correlationId: ctx.correlationId, causationId: null },
  };
}
