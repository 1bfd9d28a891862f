import type { RequestContext } from '../../context.ts';

export function overviewHandler({ ctx }: { ctx: RequestContext }) {
  return ctx.services.status.overview();
}
