import { describe, it } from 'vitest';
import { CAMPAIGN_ACTIONS, CAMPAIGN_TRANSITIONS, type CampaignEvent, type CampaignProfile, type CampaignStatus } from '@crm/contracts';
import { campaignDecider } from '../../src/marketing/campaign.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const marketer = 'a3c1b2d4-0000-4000-8000-000000000001';
const campaignId = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c11';
const other = '0b7a4f64-52b9-4c5c-9d1e-5a0f5e2f1c22';
const costId = 'c0570000-52b9-4c5c-9d1e-5a0f5e2f1c33';
const spec = deciderSpec(campaignDecider, { now, userId: marketer, metadata: { correlationId: 'test' } });

const profile: CampaignProfile = {
  name: 'Spring Launch',
  type: 'email',
  description: null,
  budget: 5000,
  startDate: '2030-03-01',
  endDate: '2030-04-30',
  targetAudience: { region: 'EMEA' },
  utmCampaign: 'spring-launch',
};
const created: CampaignEvent = { type: 'CampaignCreated', data: { campaignId, ...profile, createdAt: '2030-02-01T09:00:00.000Z', createdBy: marketer } };
const step = (action: (typeof CAMPAIGN_ACTIONS)[number], from: CampaignStatus, to: CampaignStatus): CampaignEvent => ({
  type: 'CampaignStatusChanged',
  data: { campaignId, action, from, to, changedAt: '2030-02-02T09:00:00.000Z', changedBy: marketer },
});
const cost: CampaignEvent = {
  type: 'CampaignCostRecorded',
  data: { campaignId, costId, amount: 250.5, date: '2030-02-03', note: 'Newsletter tool', recordedAt: '2030-02-03T09:00:00.000Z', recordedBy: marketer },
};
/** Events that bring a new campaign to `status`. */
const HISTORY: Record<CampaignStatus, CampaignEvent[]> = {
  draft: [created],
  active: [created, step('activate', 'draft', 'active')],
  paused: [created, step('activate', 'draft', 'active'), step('pause', 'active', 'paused')],
  completed: [created, step('activate', 'draft', 'active'), step('complete', 'active', 'completed')],
  cancelled: [created, step('cancel', 'draft', 'cancelled')],
};

describe('campaign decider: create', () => {
  it('creates a draft campaign with its profile', () => {
    spec.given([]).when({ type: 'CreateCampaign', campaignId, profile, utmTakenBy: null }).then([{ type: 'CampaignCreated', data: { campaignId, ...profile, createdAt: at, createdBy: marketer } }]);
  });

  it('refuses a utm_campaign another campaign already uses', () => {
    spec.given([]).when({ type: 'CreateCampaign', campaignId, profile, utmTakenBy: other }).thenThrows('campaign_utm_taken');
  });

  it('refuses creating the same campaign twice', () => {
    spec.given([created]).when({ type: 'CreateCampaign', campaignId, profile, utmTakenBy: null }).thenThrows('campaign_exists');
  });
});

describe('campaign decider: update', () => {
  it('writes only the fields that changed', () => {
    spec
      .given([created])
      .when({ type: 'UpdateCampaign', campaignId, patch: { name: 'Spring Launch', budget: 6000, targetAudience: { region: 'EMEA' }, description: 'Q2 push' } })
      .then([{ type: 'CampaignUpdated', data: { campaignId, changes: { budget: 6000, description: 'Q2 push' }, updatedAt: at, updatedBy: marketer } }]);
  });

  it('writes nothing when nothing changed', () => {
    spec.given([created]).when({ type: 'UpdateCampaign', campaignId, patch: { name: 'Spring Launch', budget: 5000 } }).then([]);
  });

  it('a new utm_campaign must be free; its own is fine', () => {
    spec.given([created]).when({ type: 'UpdateCampaign', campaignId, patch: { utmCampaign: 'taken' }, utmTakenBy: other }).thenThrows('campaign_utm_taken');
    spec
      .given([created])
      .when({ type: 'UpdateCampaign', campaignId, patch: { utmCampaign: 'spring-2030' }, utmTakenBy: null })
      .then([{ type: 'CampaignUpdated', data: { campaignId, changes: { utmCampaign: 'spring-2030' }, updatedAt: at, updatedBy: marketer } }]);
  });

  it('a new date must keep the dates in order with the one kept', () => {
    spec.given([created]).when({ type: 'UpdateCampaign', campaignId, patch: { endDate: '2030-02-28' } }).thenThrows('campaign_dates_out_of_order');
    spec.given([created]).when({ type: 'UpdateCampaign', campaignId, patch: { startDate: '2030-05-01' } }).thenThrows('campaign_dates_out_of_order');
    spec
      .given([created])
      .when({ type: 'UpdateCampaign', campaignId, patch: { startDate: '2030-05-01', endDate: null } })
      .then([{ type: 'CampaignUpdated', data: { campaignId, changes: { startDate: '2030-05-01', endDate: null }, updatedAt: at, updatedBy: marketer } }]);
  });

  it('a paused campaign can be edited; a completed or cancelled one is closed', () => {
    spec
      .given(HISTORY.paused)
      .when({ type: 'UpdateCampaign', campaignId, patch: { budget: 1 } })
      .then([{ type: 'CampaignUpdated', data: { campaignId, changes: { budget: 1 }, updatedAt: at, updatedBy: marketer } }]);
    spec.given(HISTORY.completed).when({ type: 'UpdateCampaign', campaignId, patch: { budget: 1 } }).thenThrows('campaign_closed');
    spec.given(HISTORY.cancelled).when({ type: 'UpdateCampaign', campaignId, patch: { name: 'Renamed' } }).thenThrows('campaign_closed');
  });

  it('an unknown campaign is not found', () => {
    spec.given([]).when({ type: 'UpdateCampaign', campaignId, patch: { budget: 1 } }).thenThrows('campaign_not_found');
    spec.given([]).when({ type: 'TransitionCampaign', campaignId, action: 'activate' }).thenThrows('campaign_not_found');
  });
});

describe('campaign decider: lifecycle', () => {
  it('draft → active → paused → active (pause and resume) → completed', () => {
    spec.given(HISTORY.draft).when({ type: 'TransitionCampaign', campaignId, action: 'activate' }).then([{ type: 'CampaignStatusChanged', data: { campaignId, action: 'activate', from: 'draft', to: 'active', changedAt: at, changedBy: marketer } }]);
    spec.given(HISTORY.active).when({ type: 'TransitionCampaign', campaignId, action: 'pause' }).then([{ type: 'CampaignStatusChanged', data: { campaignId, action: 'pause', from: 'active', to: 'paused', changedAt: at, changedBy: marketer } }]);
    spec.given(HISTORY.paused).when({ type: 'TransitionCampaign', campaignId, action: 'resume' }).then([{ type: 'CampaignStatusChanged', data: { campaignId, action: 'resume', from: 'paused', to: 'active', changedAt: at, changedBy: marketer } }]);
    spec.given(HISTORY.paused).when({ type: 'TransitionCampaign', campaignId, action: 'complete' }).then([{ type: 'CampaignStatusChanged', data: { campaignId, action: 'complete', from: 'paused', to: 'completed', changedAt: at, changedBy: marketer } }]);
  });

  // Every action from every status: allowed exactly where CAMPAIGN_TRANSITIONS says, refused elsewhere.
  for (const status of Object.keys(HISTORY) as CampaignStatus[]) {
    for (const action of CAMPAIGN_ACTIONS) {
      const rule = CAMPAIGN_TRANSITIONS[action];
      if (rule.from.includes(status)) {
        it(`${action} from ${status} → ${rule.to}`, () => {
          spec
            .given(HISTORY[status])
            .when({ type: 'TransitionCampaign', campaignId, action })
            .then([{ type: 'CampaignStatusChanged', data: { campaignId, action, from: status, to: rule.to, changedAt: at, changedBy: marketer } }]);
        });
      } else {
        it(`${action} from ${status} is refused`, () => {
          spec.given(HISTORY[status]).when({ type: 'TransitionCampaign', campaignId, action }).thenThrows('campaign_transition_not_allowed');
        });
      }
    }
  }
});

describe('campaign decider: cost entries', () => {
  it('records a cost entry', () => {
    spec
      .given([created])
      .when({ type: 'RecordCampaignCost', campaignId, costId, amount: 250.5, date: '2030-02-03', note: 'Newsletter tool' })
      .then([{ type: 'CampaignCostRecorded', data: { campaignId, costId, amount: 250.5, date: '2030-02-03', note: 'Newsletter tool', recordedAt: at, recordedBy: marketer } }]);
  });

  it('the same entry again records nothing', () => {
    spec.given([created, cost]).when({ type: 'RecordCampaignCost', campaignId, costId, amount: 250.5, date: '2030-02-03', note: null }).then([]);
  });

  it('a completed or cancelled campaign takes no cost entry, and keeps the ones it has', () => {
    spec.given(HISTORY.completed).when({ type: 'RecordCampaignCost', campaignId, costId, amount: 10, date: '2030-05-01', note: null }).thenThrows('campaign_closed');
    spec.given(HISTORY.cancelled).when({ type: 'RecordCampaignCost', campaignId, costId, amount: 10, date: '2030-05-01', note: null }).thenThrows('campaign_closed');
    spec.given([...HISTORY.paused, cost]).when({ type: 'RemoveCampaignCost', campaignId, costId }).then([{ type: 'CampaignCostRemoved', data: { campaignId, costId, amount: 250.5, removedAt: at, removedBy: marketer } }]);
    spec.given([created, cost, step('cancel', 'draft', 'cancelled')]).when({ type: 'RemoveCampaignCost', campaignId, costId }).thenThrows('campaign_closed');
  });

  it('removes an entry with its amount; an unknown or removed one is not found', () => {
    spec.given([created, cost]).when({ type: 'RemoveCampaignCost', campaignId, costId }).then([{ type: 'CampaignCostRemoved', data: { campaignId, costId, amount: 250.5, removedAt: at, removedBy: marketer } }]);
    spec.given([created]).when({ type: 'RemoveCampaignCost', campaignId, costId }).thenThrows('campaign_cost_not_found');
    spec
      .given([created, cost, { type: 'CampaignCostRemoved', data: { campaignId, costId, amount: 250.5, removedAt: at, removedBy: marketer } }])
      .when({ type: 'RemoveCampaignCost', campaignId, costId })
      .thenThrows('campaign_cost_not_found');
  });

  it('a cost on an unknown campaign is not found', () => {
    spec.given([]).when({ type: 'RecordCampaignCost', campaignId, costId, amount: 1, date: '2030-02-03', note: null }).thenThrows('campaign_not_found');
  });
});
