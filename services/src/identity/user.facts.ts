import { userStreamId } from '@crm/contracts';
import { factsReader } from '../platform/facts.ts';
import { userDecider } from './user.decider.ts';

/** What a CRM record may know about a requested assignee: whether records may be assigned to that account. */
export interface AssigneeFacts {
  id: string;
  /** An existing, active, approved account. */
  assignable: boolean;
}

/**
 * An account's facts, folded by the user decider from its stream (not the `users` read model, so an account
 * approved a moment ago can be assigned before that view catches up).
 */
export const readAssigneeFacts = factsReader(userDecider, userStreamId, (state, id): AssigneeFacts => ({
  id,
  assignable: state.exists && state.isActive && state.isApproved,
}));
