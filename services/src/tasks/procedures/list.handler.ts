import type { TaskListInput } from '@crm/contracts';
import { requestActor } from '../../crm/crm-actor.ts';
import type { RequestContext } from '../../platform/request-context.ts';

export const listHandler = ({ ctx, input }: { ctx: RequestContext; input: TaskListInput }) => ctx.services.tasks.list(input, requestActor(ctx));
