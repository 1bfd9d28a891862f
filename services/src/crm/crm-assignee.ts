import { DomainError, userStreamId, type CrmActor, type EventStore } from '@crm/contracts';
import { readState } from '../platform/command-handler.ts';
import { userDecider } from '../identity/user.decider.ts';

/**
 * An assignee other than the actor must be an active, approved account. Read from the account's stream, not
 * the `users` read model, so an account approved a moment ago can be assigned before that view catches up.
 * A `crm:own` actor is refused other assignees by the deciders, so it is not checked here.
 */
export async function requireAssignee(store: EventStore, actor: CrmActor, assignedTo: string | null | undefined): Promise<void> {
  if (!needsCheck(actor, assignedTo)) return;
  const user = await readState(store, userStreamId(assignedTo), userDecider);
  if (!user.exists || !user.isActive || !user.isApproved) {
    throw new DomainError('assignee_not_found', 'The assignee must be an active, approved account', 'unprocessable');
  }
}

const needsCheck = (actor: CrmActor, assignedTo: string | null | undefined): assignedTo is string =>
  !!assignedTo && assignedTo !== actor.userId && actor.scope === 'all';

/**
 * On an update: only an assignee that changes is checked, so a record whose owner has since been deactivated
 * can still be edited (the form sends the owner back unchanged). `current` reads the record's owner, only when
 * the check could apply.
 */
export async function requireChangedAssignee(
  store: EventStore,
  actor: CrmActor,
  assignedTo: string | null | undefined,
  current: () => Promise<string | null | undefined>,
): Promise<void> {
  if (!needsCheck(actor, assignedTo) || (await current()) === assignedTo) return;
  await requireAssignee(store, actor, assignedTo);
}
