import type { RouterOutputs } from '../../api/trpc.client.ts';

/** An account as the users list returns it. */
export type UserRow = RouterOutputs['users']['list']['users'][number];
