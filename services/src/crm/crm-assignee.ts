import { CRM_ERRORS, domainError, type CrmActor } from '@crm/contracts';
import type { AssigneeFacts } from '../identity/user.facts.ts';

export type { AssigneeFacts };

/**
 * Whether the service must gather facts about `assignedTo` for a command: an assignee other than the actor,
 * named by a `crm:all` actor (a `crm:own` actor naming anyone else is refused by the deciders anyway).
 */
export const needsAssigneeFacts = (actor: CrmActor, assignedTo: string | null | undefined): assignedTo is string =>
  !!assignedTo && assignedTo !== actor.userId && actor.scope === 'all';

/**
 * The assignee rule, decided by the customer, deal and task deciders: an assignee other than the actor must be
 * an active, approved account (`assignee` holds the facts the service gathered about it). Only an assignee that
 * changes is checked, so a record whose owner has since been deactivated can still be edited (the form sends
 * the owner back unchanged).
 */
export function requireActiveAssignee(
  actor: CrmActor,
  requested: string | null | undefined,
  current: string | null | undefined,
  assignee: AssigneeFacts | null | undefined,
): void {
  if (!requested || requested === current || requested === actor.userId) return;
  if (!assignee || assignee.id !== requested || !assignee.assignable) {
    throw domainError(CRM_ERRORS.assignee_not_found);
  }
}
