import type { DealStage } from '@crm/contracts';

/** Each column's accent (Chakra colour palette). */
export const STAGE_PALETTE: Record<DealStage, string> = {
  prospecting: 'gray',
  qualification: 'blue',
  proposal: 'purple',
  negotiation: 'orange',
  closed_won: 'green',
  closed_lost: 'red',
};
