import { router } from '../../trpc.ts';

export const securityRouter = router({});
