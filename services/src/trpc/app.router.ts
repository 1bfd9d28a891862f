import { router } from './trpc.ts';
import { authRouter } from './routers/auth/_router.ts';
import { bookingsRouter } from './routers/bookings/_router.ts';
import { crmRouter } from './routers/crm/_router.ts';
import { customersRouter } from './routers/customers/_router.ts';
import { dealsRouter } from './routers/deals/_router.ts';
import { tasksRouter } from './routers/tasks/_router.ts';
import { contactRouter } from './routers/contact/_router.ts';
import { newsletterRouter } from './routers/newsletter/_router.ts';
import { profileRouter } from './routers/profile/_router.ts';
import { securityRouter } from './routers/security/_router.ts';
import { statusRouter } from './routers/status/_router.ts';
import { usersRouter } from './routers/users/_router.ts';

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
