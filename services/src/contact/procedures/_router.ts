import { contactSendInput } from '@crm/contracts';
import { publicProcedure, router } from '../../trpc/trpc.ts';
import { sendHandler } from './send.handler.ts';

export const contactRouter = router({
  /** Public: the contact form (rate limited per address by the public POST guard, bucket `contact`). */
  send: publicProcedure.input(contactSendInput).mutation(sendHandler),
});
