import { router } from './trpc.ts';
import { authRouter } from './routers/auth/_router.ts';
import { bookingsRouter } from './routers/bookings/_router.ts';
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
});

export type AppRouter = typeof appRouter;
