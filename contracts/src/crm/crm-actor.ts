import type { UserType } from '../identity/user.events.ts';
import { can } from '../identity/permissions.ts';

/**
 * Who acts on CRM records, and how far they reach (docs/PERMISSIONS.md):
 * - `all` (`crm:all`: managers and admins): every customer, deal and task;
 * - `own` (`crm:own` only: users): the records assigned to them. They cannot see others' records, change
 *   them, or assign a record to anyone else.
 * Deciders receive the actor in the command and refuse with a `forbidden` DomainError; queries filter by it.
 */
export interface CrmActor {
  /**
   * The acting user; null for the system acting on a visitor's behalf (a public lead form's submission creates
   * or updates a customer: `SYSTEM_CRM_ACTOR`), recorded as no user (`createdBy: null`).
   */
  userId: string | null;
  scope: 'own' | 'all';
  /** `crm:restore` (admins): may list and restore deleted records. Absent: may not. */
  mayRestore?: boolean;
}

export function crmActor(user: { id: string; userType: UserType }): CrmActor {
  return { userId: user.id, scope: can(user.userType, 'crm:all') ? 'all' : 'own', mayRestore: can(user.userType, 'crm:restore') };
}

/** The system acting for a public visitor (a lead form's submission): reaches every record, leaves new ones unassigned. */
export const SYSTEM_CRM_ACTOR: CrmActor = { userId: null, scope: 'all' };

/** Whether the actor may see or change a record assigned to `assignedTo`. */
export function actorReaches(actor: CrmActor, assignedTo: string | null): boolean {
  return actor.scope === 'all' || assignedTo === actor.userId;
}
