import { newsletterConfirmInput, newsletterSubscribeInput } from '@crm/contracts';
import { publicProcedure, router } from '../../trpc/trpc.ts';
import { confirmHandler } from './confirm.handler.ts';
import { subscribeHandler } from './subscribe.handler.ts';

/** Public, rate limited per address (public POST guard, bucket `newsletter`); answers reveal nothing about an address. */
export const newsletterRouter = router({
  subscribe: publicProcedure.input(newsletterSubscribeInput).mutation(subscribeHandler),
  confirm: publicProcedure.input(newsletterConfirmInput).mutation(confirmHandler),
});
