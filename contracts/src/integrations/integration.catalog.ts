/**
 * The Integration Marketplace's catalog (issue 15; spec 02 "Integration Marketplace"): only integrations that
 * really work on this product. Each has an id (its aggregate's id, stream `integration-<id>`), a category, a
 * version, its features and where its documentation lives. Texts (name, description, features) are in the web's
 * `integrations` namespace, keyed by id.
 */
export const INTEGRATION_IDS = ['webhooks', 'slack', 'calendar-feed', 'smtp'] as const;
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

export const INTEGRATION_CATEGORIES = ['developer', 'communication', 'productivity', 'email'] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

export interface IntegrationCatalogEntry {
  id: IntegrationId;
  category: IntegrationCategory;
  version: string;
  /** Feature keys (texts in the web namespace `integrations.marketplace.catalog.<id>.features.<key>`). */
  features: readonly string[];
  /** docs/INTEGRATIONS.md anchor. */
  docs: string;
  /** Whether configuring it needs a secret kept outside the event store (shown masked). */
  hasSecret: boolean;
}

export const INTEGRATION_CATALOG: readonly IntegrationCatalogEntry[] = [
  { id: 'webhooks', category: 'developer', version: '1.0.0', features: ['signed', 'retries', 'log'], docs: '/docs/INTEGRATIONS.md#webhooks', hasSecret: false },
  { id: 'slack', category: 'communication', version: '1.0.0', features: ['blocks', 'events', 'queue'], docs: '/docs/INTEGRATIONS.md#slack-notifications', hasSecret: true },
  { id: 'calendar-feed', category: 'productivity', version: '1.0.0', features: ['ics', 'confirmed', 'regenerate'], docs: '/docs/INTEGRATIONS.md#calendar-feed', hasSecret: true },
  { id: 'smtp', category: 'email', version: '1.0.0', features: ['health', 'lastSent'], docs: '/docs/INTEGRATIONS.md#e-mail-smtp', hasSecret: false },
];

export const integrationCatalogEntry = (id: IntegrationId): IntegrationCatalogEntry => INTEGRATION_CATALOG.find((e) => e.id === id)!;

/** The event types Slack may post (a subset of the domain events, named like the public webhook catalog). */
export const SLACK_EVENT_TYPES = ['booking.requested', 'booking.confirmed', 'booking.cancelled', 'customer.created', 'deal.stage_changed'] as const;
export type SlackEventType = (typeof SLACK_EVENT_TYPES)[number];
