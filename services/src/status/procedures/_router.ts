import { publicProcedure, router } from '../../trpc/trpc.ts';
import { overviewHandler } from './overview.handler.ts';

export const statusRouter = router({
  /** Public: the status page (current states, 90-day uptime and bars, incidents). */
  overview: publicProcedure.query(overviewHandler),
});
