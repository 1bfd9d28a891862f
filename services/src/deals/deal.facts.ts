import { dealStreamId } from '@crm/contracts';
import { factsReader } from '../platform/facts.ts';
import { dealDecider } from './deal.decider.ts';

/** What a task may know about a deal: whether it exists, is deleted, whose it is, and its customer. */
export interface DealFacts {
  id: string;
  exists: boolean;
  deleted: boolean;
  assignedTo: string | null;
  customerId: string | null;
}

/** A deal's facts, folded by the deal decider from its stream. */
export const readDealFacts = factsReader(dealDecider, dealStreamId, (state, id): DealFacts =>
  state.exists
    ? { id, exists: true, deleted: state.deleted, assignedTo: state.fields.assignedTo, customerId: state.fields.customerId }
    : { id, exists: false, deleted: false, assignedTo: null, customerId: null },
);
