import { INTEGRATIONS_ERRORS, domainError, integrationCatalogEntry, type IntegrationId, type IntegrationSettings } from '@crm/contracts';
import type { Decider } from '../../platform/decider.ts';

/** One marketplace integration (stream `integration-<id>`): installed → configured → active/inactive. */
export interface IntegrationState {
  installed: boolean;
  configured: boolean;
  active: boolean;
  settings: IntegrationSettings;
  installedAt: string | null;
  updatedAt: string | null;
}

export type IntegrationEvent =
  | { type: 'IntegrationInstalled'; data: { integrationId: IntegrationId; version: string; installedAt: string } }
  | { type: 'IntegrationConfigured'; data: { integrationId: IntegrationId; settings: IntegrationSettings; secretChanged: boolean; configuredAt: string } }
  | { type: 'IntegrationActivated'; data: { integrationId: IntegrationId; at: string } }
  | { type: 'IntegrationDeactivated'; data: { integrationId: IntegrationId; at: string } }
  | { type: 'IntegrationUninstalled'; data: { integrationId: IntegrationId; uninstalledAt: string } };

export type IntegrationCommand =
  | { type: 'Install'; id: IntegrationId }
  /** `secretChanged`: the service stored a new secret; `hasSecret`: one is stored (after this command). */
  | { type: 'Configure'; id: IntegrationId; settings: IntegrationSettings; secretChanged: boolean; hasSecret: boolean }
  | { type: 'SetActive'; id: IntegrationId; active: boolean }
  | { type: 'Uninstall'; id: IntegrationId };

export const initialIntegrationState: IntegrationState = { installed: false, configured: false, active: false, settings: {}, installedAt: null, updatedAt: null };

/** Integrations without settings of their own are configured as soon as they are installed. */
const needsConfiguration = (id: IntegrationId): boolean => id === 'slack';

export const integrationDecider: Decider<IntegrationState, IntegrationCommand, IntegrationEvent> = {
  initialState: initialIntegrationState,
  evolve(state, event) {
    switch (event.type) {
      case 'IntegrationInstalled':
        return { ...initialIntegrationState, installed: true, configured: !needsConfiguration(event.data.integrationId), installedAt: event.data.installedAt, updatedAt: event.data.installedAt };
      case 'IntegrationConfigured':
        return { ...state, configured: true, settings: event.data.settings, updatedAt: event.data.configuredAt };
      case 'IntegrationActivated':
        return { ...state, active: true, updatedAt: event.data.at };
      case 'IntegrationDeactivated':
        return { ...state, active: false, updatedAt: event.data.at };
      case 'IntegrationUninstalled':
        return { ...initialIntegrationState };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state, ctx): IntegrationEvent[] {
    const at = ctx.now.toISOString();
    const integrationId = command.id;
    switch (command.type) {
      case 'Install':
        if (state.installed) throw domainError(INTEGRATIONS_ERRORS.integration_already_installed);
        return [{ type: 'IntegrationInstalled', data: { integrationId, version: integrationCatalogEntry(integrationId).version, installedAt: at } }];
      case 'Configure':
        if (!state.installed) throw domainError(INTEGRATIONS_ERRORS.integration_not_installed);
        if (needsConfiguration(integrationId) && !command.hasSecret) throw domainError(INTEGRATIONS_ERRORS.integration_secret_required);
        return [{ type: 'IntegrationConfigured', data: { integrationId, settings: command.settings, secretChanged: command.secretChanged, configuredAt: at } }];
      case 'SetActive':
        if (!state.installed) throw domainError(INTEGRATIONS_ERRORS.integration_not_installed);
        if (state.active === command.active) return [];
        if (command.active && !state.configured) throw domainError(INTEGRATIONS_ERRORS.integration_not_configured);
        return [{ type: command.active ? 'IntegrationActivated' : 'IntegrationDeactivated', data: { integrationId, at } }];
      case 'Uninstall':
        if (!state.installed) throw domainError(INTEGRATIONS_ERRORS.integration_not_installed);
        return [{ type: 'IntegrationUninstalled', data: { integrationId, uninstalledAt: at } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
