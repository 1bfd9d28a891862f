import { z } from 'zod';
import { auditedEvent } from '../platform/audit.ts';
import { INTEGRATION_IDS, SLACK_EVENT_TYPES } from './integration.catalog.ts';

/** One marketplace integration's life: stream `integration-<id>` (the catalog id). Secrets never appear here. */
export const integrationStreamId = (id: string): string => `integration-${id}`;

const integrationId = z.enum(INTEGRATION_IDS);

const integrationInstalledV1 = z.object({ integrationId, version: z.string(), installedAt: z.string() });
/** Settings that are not secrets; a secret (Slack URL, feed token) is set aside and only `secretSet` is recorded. */
export const integrationSettingsSchema = z.object({
  events: z.array(z.enum(SLACK_EVENT_TYPES)).optional(),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;
const integrationConfiguredV1 = z.object({
  integrationId,
  settings: integrationSettingsSchema,
  /** The secret was set or replaced (its value lives in integration_credentials, hashed or sealed). */
  secretChanged: z.boolean(),
  configuredAt: z.string(),
});
const integrationToggledV1 = z.object({ integrationId, at: z.string() });
const integrationUninstalledV1 = z.object({ integrationId, uninstalledAt: z.string() });

export type IntegrationInstalled = z.infer<typeof integrationInstalledV1>;
export type IntegrationConfigured = z.infer<typeof integrationConfiguredV1>;
export type IntegrationToggled = z.infer<typeof integrationToggledV1>;
export type IntegrationUninstalled = z.infer<typeof integrationUninstalledV1>;

const entityId = (d: { integrationId: string }): string => d.integrationId;

export const integrationEventSchemas = {
  IntegrationInstalled: auditedEvent(1, integrationInstalledV1, { entity: 'integration', entityId, action: 'CREATE', risk: 'low' }),
  IntegrationConfigured: auditedEvent(1, integrationConfiguredV1, {
    entity: 'integration',
    entityId,
    action: 'UPDATE',
    risk: 'medium',
    state: (d) => ({ settings: d.settings, ...(d.secretChanged ? { secret: 'changed' } : {}) }),
  }),
  IntegrationActivated: auditedEvent(1, integrationToggledV1, { entity: 'integration', entityId, action: 'ACTIVATE', risk: 'low', state: () => ({ active: true }) }),
  IntegrationDeactivated: auditedEvent(1, integrationToggledV1, { entity: 'integration', entityId, action: 'DEACTIVATE', risk: 'low', state: () => ({ active: false }) }),
  IntegrationUninstalled: auditedEvent(1, integrationUninstalledV1, { entity: 'integration', entityId, action: 'DELETE', risk: 'medium' }),
};
