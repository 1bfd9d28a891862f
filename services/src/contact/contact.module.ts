import { defineServiceModule } from '../app/service-module.ts';
import { registerContactRoutes } from './contact.routes.ts';
import { createContactService, type ContactService } from './contact.service.ts';
import { contactRouter } from './procedures/_router.ts';

export interface ContactServices {
  contact: ContactService;
}

/** The public contact form (its mail to the sales inbox is a worker's reactor). */
export const contactModule = defineServiceModule({
  name: 'contact',
  services: ({ store }): ContactServices => ({ contact: createContactService({ store }) }),
  routers: { contact: contactRouter },
  routes: registerContactRoutes,
});
