import { defineServiceModule } from '../app/service-module.ts';
import { registerNewsletterRoutes } from './newsletter.routes.ts';
import { createNewsletterService, type NewsletterService } from './newsletter.service.ts';
import { newsletterRouter } from './procedures/_router.ts';

export interface NewsletterServices {
  newsletter: NewsletterService;
}

/** Newsletter sign-up with double opt-in (the confirmation link is built from PUBLIC_URL, never the Host header). */
export const newsletterModule = defineServiceModule({
  name: 'newsletter',
  services: ({ store, mailQueue, log, publicUrl }): NewsletterServices => ({
    newsletter: createNewsletterService({ store, mailQueue, log, publicUrl }),
  }),
  routers: { newsletter: newsletterRouter },
  routes: registerNewsletterRoutes,
  start: (services) => () => services.newsletter.drain(),
});
