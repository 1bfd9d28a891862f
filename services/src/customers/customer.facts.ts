import { customerStreamId } from '@crm/contracts';
import { factsReader } from '../platform/facts.ts';
import { customerDecider } from './customer.decider.ts';

/** What a deal or a task may know about a customer: whether it exists, is deleted, and whose it is. */
export interface CustomerFacts {
  id: string;
  exists: boolean;
  deleted: boolean;
  assignedTo: string | null;
}

/** A customer's facts, folded by the customer decider from its stream. */
export const readCustomerFacts = factsReader(customerDecider, customerStreamId, (state, id): CustomerFacts =>
  state.exists ? { id, exists: true, deleted: state.deleted, assignedTo: state.assignedTo } : { id, exists: false, deleted: false, assignedTo: null },
);
