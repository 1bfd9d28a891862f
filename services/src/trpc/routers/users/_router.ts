import { router } from '../../trpc.ts';

export const usersRouter = router({});
