import { DomainError, userStreamId, type CrmActor, type EventStore } from '@crm/contracts';
import { readState } from '../platform/command-handler.ts';
import { userDecider } from '../identity/user.decider.ts';

/**
 * An assignee other than the actor must be an active, approved account. Read from the account's stream, not
 * the `users` read model, so an account approved a moment ago can be assigned before that view catches up.
 * A `crm:own` actor is refused other assignees by the deciders, so it is not checked here.
 */
export async function requireAssignee(store: EventStore, actor: CrmActor, assignedTo: string | null | undefined): Promise<void> {
  if (!assignedTo || assignedTo === actor.userId || actor.scope !== 'all') return;
  const user = await readState(store, userStreamId(assignedTo), userDecider);
  if (!user.exists || !user.isActive || !user.isApproved) {
    throw new DomainError('assignee_not_found', 'The assignee must be an active, approved account', 'unprocessable');
  }
}
