import { router } from './trpc.ts';
import { authRouter } from '../identity/procedures/auth/_router.ts';
import { bookingsRouter } from '../bookings/procedures/_router.ts';
import { crmRouter } from '../crm/procedures/_router.ts';
import { customersRouter } from '../customers/procedures/_router.ts';
import { dealsRouter } from '../deals/procedures/_router.ts';
import { tasksRouter } from '../tasks/procedures/_router.ts';
import { contactRouter } from '../contact/procedures/_router.ts';
import { newsletterRouter } from '../newsletter/procedures/_router.ts';
import { profileRouter } from '../identity/procedures/profile/_router.ts';
import { securityRouter } from '../security/procedures/_router.ts';
import { statusRouter } from '../status/procedures/_router.ts';
import { usersRouter } from '../identity/procedures/users/_router.ts';

export const appRouter = router({
  auth: authRouter,
  bookings: bookingsRouter,
  users: usersRouter,
  profile: profileRouter,
  security: securityRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  status: statusRouter,
  crm: crmRouter,
  customers: customersRouter,
  deals: dealsRouter,
  tasks: tasksRouter,
});

export type AppRouter = typeof appRouter;
