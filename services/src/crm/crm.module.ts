import { defineServiceModule } from '../app/service-module.ts';
import { createCrmService, type CrmService } from './crm.service.ts';
import { crmRouter } from './procedures/_router.ts';

export interface CrmServices {
  crm: CrmService;
}

/** What the CRM areas share (who records may be assigned to); customers, deals and tasks are their own modules. */
export const crmModule = defineServiceModule({
  name: 'crm',
  services: ({ pool }): CrmServices => ({ crm: createCrmService({ pool }) }),
  routers: { crm: crmRouter },
});
