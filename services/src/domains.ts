/**
 * Every domain of the server, in start-up order (a module may use the services of those before it). The app
 * router, the REST routes and the api role's background work are derived from this list; `AppServices` is
 * the interface below. Adding a domain is its module in the list and its services in `AppServices`
 * (docs/ADDING-A-DOMAIN.md).
 */
import type { PlatformServices } from './app/service-module.ts';
import { analyticsModule, type AnalyticsServices } from './analytics/analytics.module.ts';
import { auditModule, type AuditServices } from './audit/audit.module.ts';
import { apiKeysModule, type ApiKeysServices } from './integrations/api-keys/api-keys.module.ts';
import { apiLogsModule, type ApiLogsServices } from './integrations/api-logs/api-logs.module.ts';
import { bookingsModule, type BookingsServices } from './bookings/bookings.module.ts';
import { contactModule, type ContactServices } from './contact/contact.module.ts';
import { crmModule, type CrmServices } from './crm/crm.module.ts';
import { customersModule, type CustomersServices } from './customers/customers.module.ts';
import { dashboardModule, type DashboardServices } from './dashboard/dashboard.module.ts';
import { dealsModule, type DealsServices } from './deals/deals.module.ts';
import { identityModule, type IdentityServices } from './identity/identity.module.ts';
import { newsletterModule, type NewsletterServices } from './newsletter/newsletter.module.ts';
import { searchModule, type SearchServices } from './search/search.module.ts';
import { securityModule, type SecurityDomainServices } from './security/security.module.ts';
import { securityAlertsModule, type SecurityAlertsServices } from './security/alerts/security-alerts.module.ts';
import { securityPoliciesModule, type SecurityPoliciesServices } from './security/policies/security-policies.module.ts';
import { securityCenterModule, type SecurityCenterServices } from './security-center/security-center.module.ts';
import { statusModule, type StatusServices } from './status/status.module.ts';
import { tasksModule, type TasksServices } from './tasks/tasks.module.ts';
import { webhooksModule, type WebhooksServices } from './integrations/webhooks/webhooks.module.ts';
import { integrationsModule, type IntegrationsServices } from './integrations/integrations.module.ts';
import { marketingModule, type MarketingServices } from './marketing/marketing.module.ts';

export const serviceModules = [
  securityPoliciesModule,
  identityModule,
  securityModule,
  securityAlertsModule,
  bookingsModule,
  contactModule,
  newsletterModule,
  statusModule,
  analyticsModule,
  crmModule,
  customersModule,
  dealsModule,
  tasksModule,
  searchModule,
  dashboardModule,
  securityCenterModule,
  auditModule,
  apiKeysModule,
  apiLogsModule,
  webhooksModule,
  integrationsModule,
  marketingModule,
] as const;

/**
 * What every request handler may use: the platform's clock and links, and each module's services (an
 * interface, not derived from the list's values, so the routers' context type can refer to it).
 */
export interface AppServices
  extends PlatformServices,
    SecurityPoliciesServices,
    IdentityServices,
    SecurityDomainServices,
    SecurityAlertsServices,
    BookingsServices,
    ContactServices,
    NewsletterServices,
    StatusServices,
    AnalyticsServices,
    CrmServices,
    CustomersServices,
    DealsServices,
    TasksServices,
    SearchServices,
    DashboardServices,
    SecurityCenterServices,
    AuditServices,
    ApiKeysServices,
    ApiLogsServices,
    WebhooksServices,
    IntegrationsServices,
    MarketingServices {}
