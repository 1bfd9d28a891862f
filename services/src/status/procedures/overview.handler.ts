import type { RequestContext } from '../../platform/request-context.ts';

export function overviewHandler({ ctx }: { ctx: RequestContext }) {
  return ctx.services.status.overview();
}
