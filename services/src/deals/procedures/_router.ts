import { dealBoardInput, dealCreateInput, dealForecastInput, dealIdInput, dealMetricsInput, dealMoveInput, dealStagePageInput, dealUpdateInput } from '@crm/contracts';
import { procedure, router } from '../../trpc/trpc.ts';
import { boardHandler } from './board.handler.ts';
import { createHandler } from './create.handler.ts';
import { deleteHandler } from './delete.handler.ts';
import { detailHandler } from './detail.handler.ts';
import { forecastHandler } from './forecast.handler.ts';
import { metricsHandler } from './metrics.handler.ts';
import { listDeletedHandler } from './list-deleted.handler.ts';
import { moveHandler } from './move.handler.ts';
import { restoreHandler } from './restore.handler.ts';
import { stagePageHandler } from './stage-page.handler.ts';
import { updateHandler } from './update.handler.ts';

/** CRM deals (spec 02 Sales Pipeline; docs/CRM.md "Deals and the pipeline"). Record-level scope in the service/decider. */
export const dealsRouter = router({
  /** The Kanban: six stages with their first `perStage` cards, counts, totals and averages over every match, and the four summary cards. */
  board: procedure('crm:own').input(dealBoardInput).query(boardHandler),
  /** A column's next cards ("Show more"), same order and search as the board. */
  stagePage: procedure('crm:own').input(dealStagePageInput).query(stagePageHandler),
  /** One deal in the caller's reach (a deal's deep link, /admin/pipeline/deals/<id>); NOT_FOUND otherwise. */
  detail: procedure('crm:own').input(dealIdInput).query(detailHandler),
  create: procedure('crm:own').input(dealCreateInput).mutation(createHandler),
  update: procedure('crm:own').input(dealUpdateInput).mutation(updateHandler),
  /** Drag to another column; same stage writes nothing; a deleted deal is NOT_FOUND. */
  move: procedure('crm:own').input(dealMoveInput).mutation(moveHandler),
  /** Soft delete: restorable by an admin (`deals.restore`). */
  delete: procedure('crm:own').input(dealIdInput).mutation(deleteHandler),
  /** Brings a deleted deal back as it was (admins). */
  restore: procedure('crm:restore').input(dealIdInput).mutation(restoreHandler),
  /** The deleted deals, most recently deleted first (admins, to restore one). */
  listDeleted: procedure('crm:restore').query(listDeletedHandler),
  forecast: procedure('crm:own').input(dealForecastInput).query(forecastHandler),
  metrics: procedure('crm:own').input(dealMetricsInput).query(metricsHandler),
});
