import type pg from 'pg';
import type { AssigneeView, CrmActor } from '@crm/contracts';
import { listAssignees } from '@crm/projections';

/** What the CRM screens share (the customers, deals and tasks services are their own modules). */
export interface CrmService {
  /** Every active, approved account for `crm:all`; only the actor for `crm:own`. */
  assignees(actor: CrmActor): Promise<AssigneeView[]>;
}

export function createCrmService(deps: { pool: pg.Pool }): CrmService {
  return {
    assignees: (actor) => listAssignees(deps.pool, actor.scope === 'all' ? null : actor.userId),
  };
}
