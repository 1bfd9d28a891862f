/** The campaigns read model row by row: created (draft), updated, status changes, cost entries and `spent`. */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { campaignStreamId, type CampaignEvent } from '@crm/contracts';
import { campaignsProjection } from '../../src/marketing/campaigns.projection.ts';
import { type SpecEvent, projectionSpec } from '../support/projection-spec.ts';

const spec = projectionSpec(campaignsProjection);
afterAll(() => spec.close());

const marketer = randomUUID();
const ev = (e: CampaignEvent): SpecEvent => ({ streamId: campaignStreamId(e.data.campaignId), type: e.type, data: e.data });
const created = (campaignId: string, name = 'Spring Launch') =>
  ev({
    type: 'CampaignCreated',
    data: {
      campaignId,
      name,
      type: 'email',
      description: 'Newsletter push',
      budget: 5000,
      startDate: '2030-03-01',
      endDate: null,
      targetAudience: { region: 'EMEA' },
      utmCampaign: 'spring-launch',
      createdAt: '2030-02-01T09:00:00.000Z',
      createdBy: marketer,
    },
  });
const cost = (campaignId: string, costId: string, amount: number, date = '2030-03-02') =>
  ev({ type: 'CampaignCostRecorded', data: { campaignId, costId, amount, date, note: null, recordedAt: `${date}T10:00:00.000Z`, recordedBy: marketer } });

describe('marketing_campaigns projection: given events, then rows', () => {
  it('a created campaign is a draft with nothing spent, its profile and search text', async () => {
    const id = randomUUID();
    await spec.given(created(id)).then([
      {
        id,
        name: 'Spring Launch',
        type: 'email',
        status: 'draft',
        description: 'Newsletter push',
        budget: '5000.00',
        spent: '0.00',
        utm_campaign: 'spring-launch',
        start_date: '2030-03-01',
        end_date: null,
        target_audience: { region: 'EMEA' },
        created_by: marketer,
        created_at: '2030-02-01T09:00:00.000Z',
        updated_at: '2030-02-01T09:00:00.000Z',
        search: 'spring launch newsletter push',
      },
    ]);
  });

  it('an update changes only its fields; status follows the lifecycle', async () => {
    const id = randomUUID();
    await spec
      .given(created(id))
      .when(
        ev({ type: 'CampaignUpdated', data: { campaignId: id, changes: { name: 'Summer Launch', endDate: '2030-06-30', description: null }, updatedAt: '2030-02-02T09:00:00.000Z', updatedBy: marketer } }),
        ev({ type: 'CampaignStatusChanged', data: { campaignId: id, action: 'activate', from: 'draft', to: 'active', changedAt: '2030-02-03T09:00:00.000Z', changedBy: marketer } }),
        ev({ type: 'CampaignStatusChanged', data: { campaignId: id, action: 'pause', from: 'active', to: 'paused', changedAt: '2030-02-04T09:00:00.000Z', changedBy: marketer } }),
      )
      .then([{ id, name: 'Summer Launch', description: null, end_date: '2030-06-30', start_date: '2030-03-01', budget: '5000.00', status: 'paused', updated_at: '2030-02-04T09:00:00.000Z', search: 'summer launch ' }]);
  });

  it('cost entries add up in spent; a removed entry is deleted and subtracted (also within one batch)', async () => {
    const id = randomUUID();
    const other = randomUUID();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given(created(id), created(other, 'Other'), cost(id, a, 100.1), cost(id, b, 250.25))
      .when(cost(id, c, 0.3), ev({ type: 'CampaignCostRemoved', data: { campaignId: id, costId: b, amount: 250.25, removedAt: '2030-03-03T00:00:00.000Z', removedBy: marketer } }))
      .then({
        marketing_campaigns: [
          { id, spent: '100.40' },
          { id: other, spent: '0.00' },
        ],
        marketing_campaign_costs: [
          { id: a, campaign_id: id, amount: '100.10', date: '2030-03-02', note: null, recorded_by: marketer },
          { id: c, campaign_id: id, amount: '0.30', date: '2030-03-02', note: null, recorded_by: marketer },
        ],
      });
  });
});
