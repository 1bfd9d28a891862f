import { crmActor, type TaskListInput } from '@crm/contracts';
import type { AuthedRequestContext } from '../../platform/request-context.ts';

export const listHandler = ({ ctx, input }: { ctx: AuthedRequestContext; input: TaskListInput }) => ctx.services.tasks.list(input, crmActor(ctx.user));
