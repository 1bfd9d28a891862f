import { defineServiceModule } from '../app/service-module.ts';
import { registerCustomersRoutes } from './customers.routes.ts';
import { createCustomersService, type CustomersService } from './customers.service.ts';
import { createDiskFileStorage } from './file-storage.ts';
import { customersRouter } from './procedures/_router.ts';

export interface CustomersServices {
  customers: CustomersService;
}

/** Customers (spec 02 §2; docs/CRM.md "Customers"). */
export const customersModule = defineServiceModule({
  name: 'customers',
  services: ({ pool, store, now, config }): CustomersServices => ({
    customers: createCustomersService({ pool, store, files: createDiskFileStorage(config.filesDir), now, timeZone: config.businessTimeZone }),
  }),
  routers: { customers: customersRouter },
  routes: registerCustomersRoutes,
});
