import { describe, it } from 'vitest';
import { integrationDecider, type IntegrationEvent } from '../../src/integrations/marketplace/integration.decider.ts';
import { deciderSpec } from '../support/given-when-then.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(integrationDecider, { now, userId: 'a3c1b2d4-0000-4000-8000-000000000001', metadata: { correlationId: 'test' } });

const installed = (id: 'slack' | 'smtp'): IntegrationEvent => ({ type: 'IntegrationInstalled', data: { integrationId: id, version: '1.0.0', installedAt: '2030-03-01T09:00:00.000Z' } });
const slackConfigured: IntegrationEvent = {
  type: 'IntegrationConfigured',
  data: { integrationId: 'slack', settings: { events: ['booking.confirmed'] }, secretChanged: true, configuredAt: '2030-03-01T09:10:00.000Z' },
};

describe('integration decider', () => {
  it('installs an integration with the catalog version', () => {
    spec.given([]).when({ type: 'Install', id: 'slack' }).then([{ type: 'IntegrationInstalled', data: { integrationId: 'slack', version: '1.0.0', installedAt: at } }]);
  });
  it('refuses to install twice', () => {
    spec.given([installed('slack')]).when({ type: 'Install', id: 'slack' }).thenThrows('integration_already_installed');
  });
  it('refuses to enable Slack before it is configured with its URL', () => {
    spec.given([installed('slack')]).when({ type: 'SetActive', id: 'slack', active: true }).thenThrows('integration_not_configured');
    spec.given([installed('slack')]).when({ type: 'Configure', id: 'slack', settings: {}, secretChanged: false, hasSecret: false }).thenThrows('integration_secret_required');
  });
  it('configures (recording only that the secret changed) and enables, then disables', () => {
    spec
      .given([installed('slack')])
      .when({ type: 'Configure', id: 'slack', settings: { events: ['booking.confirmed'] }, secretChanged: true, hasSecret: true })
      .then([{ type: 'IntegrationConfigured', data: { integrationId: 'slack', settings: { events: ['booking.confirmed'] }, secretChanged: true, configuredAt: at } }]);
    spec.given([installed('slack'), slackConfigured]).when({ type: 'SetActive', id: 'slack', active: true }).then([{ type: 'IntegrationActivated', data: { integrationId: 'slack', at } }]);
    spec
      .given([installed('slack'), slackConfigured, { type: 'IntegrationActivated', data: { integrationId: 'slack', at } }])
      .when({ type: 'SetActive', id: 'slack', active: false })
      .then([{ type: 'IntegrationDeactivated', data: { integrationId: 'slack', at } }]);
  });
  it('enables an integration without settings right after install; enabling twice decides nothing', () => {
    spec.given([installed('smtp')]).when({ type: 'SetActive', id: 'smtp', active: true }).then([{ type: 'IntegrationActivated', data: { integrationId: 'smtp', at } }]);
    spec.given([installed('smtp'), { type: 'IntegrationActivated', data: { integrationId: 'smtp', at } }]).when({ type: 'SetActive', id: 'smtp', active: true }).then([]);
  });
  it('uninstalls an installed integration and refuses what is not installed', () => {
    spec.given([installed('smtp')]).when({ type: 'Uninstall', id: 'smtp' }).then([{ type: 'IntegrationUninstalled', data: { integrationId: 'smtp', uninstalledAt: at } }]);
    spec.given([]).when({ type: 'Uninstall', id: 'smtp' }).thenThrows('integration_not_installed');
    spec.given([]).when({ type: 'SetActive', id: 'smtp', active: true }).thenThrows('integration_not_installed');
  });
});
