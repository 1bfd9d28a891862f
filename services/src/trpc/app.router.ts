import { router } from './trpc.ts';
import { authRouter } from './routers/auth/_router.ts';
import { bookingsRouter } from './routers/bookings/_router.ts';

export const appRouter = router({
  auth: authRouter,
  bookings: bookingsRouter,
});

export type AppRouter = typeof appRouter;
