/**
 * Every domain's contracts: each domain's barrel (its events, inputs, error codes, constants) and its manifest.
 * The event registry (a duplicate event type is an error), the error-code registry and the admin URLs the
 * server answers are derived from `domainContracts`. Adding a domain is two lines here (docs/ADDING-A-DOMAIN.md).
 */
export * from './identity/index.ts';
export * from './security/index.ts';
export * from './bookings/index.ts';
export * from './contact/index.ts';
export * from './newsletter/index.ts';
export * from './status/index.ts';
export * from './analytics/index.ts';
export * from './crm/index.ts';
export * from './customers/index.ts';
export * from './deals/index.ts';
export * from './tasks/index.ts';
export * from './search/index.ts';
export * from './dashboard/index.ts';
export * from './security-center/index.ts';
export * from './audit/index.ts';
export * from './integrations/index.ts';
export * from './marketing/index.ts';

import { identityContract } from './identity/identity.contract.ts';
import { securityContract } from './security/security.contract.ts';
import { securityAlertsContract } from './security/alert.contract.ts';
import { bookingsContract } from './bookings/bookings.contract.ts';
import { contactContract } from './contact/contact.contract.ts';
import { newsletterContract } from './newsletter/newsletter.contract.ts';
import { statusContract } from './status/status.contract.ts';
import { analyticsContract } from './analytics/analytics.contract.ts';
import { crmContract } from './crm/crm.contract.ts';
import { customersContract } from './customers/customers.contract.ts';
import { dealsContract } from './deals/deals.contract.ts';
import { tasksContract } from './tasks/tasks.contract.ts';
import { searchContract } from './search/search.contract.ts';
import { dashboardContract } from './dashboard/dashboard.contract.ts';
import { securityCenterContract } from './security-center/security-center.contract.ts';
import { auditContract } from './audit/audit.contract.ts';
import { integrationsContract } from './integrations/integrations.contract.ts';
import { marketingContract } from './marketing/marketing.contract.ts';

export const domainContracts = [identityContract, securityContract, securityAlertsContract, bookingsContract, contactContract, newsletterContract, statusContract, analyticsContract, crmContract, customersContract, dealsContract, tasksContract, searchContract, dashboardContract, securityCenterContract, auditContract, integrationsContract, marketingContract] as const;
