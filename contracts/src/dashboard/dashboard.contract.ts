import { defineDomainContract } from '../platform/domain-contract.ts';

/** The admin area's landing page: KPIs, charts and recent activity over the CRM read models (issue 13). */
export const dashboardContract = defineDomainContract({
  name: 'dashboard',
  adminPaths: ['/admin/dashboard'],
});
