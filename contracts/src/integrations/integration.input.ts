import { z } from 'zod';
import { INTEGRATION_IDS, SLACK_EVENT_TYPES } from './integration.catalog.ts';
import type { IntegrationCategory, IntegrationId } from './integration.catalog.ts';

/** tRPC `integrations.install|enable|disable|uninstall|…` and REST `/api/admin/integrations/:id/…`. */
export const integrationIdInput = z.object({ id: z.enum(INTEGRATION_IDS) });
export type IntegrationIdInput = z.infer<typeof integrationIdInput>;

/** Configure: Slack takes its incoming-webhook URL (https) and the events to post; the URL is kept blank to leave it as it is. */
export const configureIntegrationInput = z.object({
  id: z.enum(INTEGRATION_IDS),
  webhookUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048).optional(),
  events: z.array(z.enum(SLACK_EVENT_TYPES)).max(SLACK_EVENT_TYPES.length).optional(),
});
export type ConfigureIntegrationInput = z.infer<typeof configureIntegrationInput>;

export const setIntegrationActiveInput = z.object({ id: z.enum(INTEGRATION_IDS), active: z.boolean() });
export type SetIntegrationActiveInput = z.infer<typeof setIntegrationActiveInput>;

export type IntegrationStatus = 'available' | 'installed' | 'active' | 'inactive' | 'error';

/** One catalog entry with its state, as the marketplace lists it. */
export interface IntegrationView {
  id: IntegrationId;
  category: IntegrationCategory;
  version: string;
  features: readonly string[];
  docs: string;
  installed: boolean;
  active: boolean;
  configured: boolean;
  status: IntegrationStatus;
  installedAt: string | null;
  updatedAt: string | null;
  settings: { events?: string[] };
  /** The secret masked (`https://hooks.slack.com/…abcd`), null when none. */
  secretMasked: string | null;
  /** Delivery health (Slack), or the transport's (SMTP). */
  health: { ok: boolean | null; lastSuccessAt: string | null; lastError: string | null; failures: number; successes: number };
  /** Calendar feed: its subscription URL only just after (re)generation; null otherwise. */
  feedUrl?: string | null;
  /** SMTP: the last mail sent (mail_sent). */
  lastMailAt?: string | null;
}

/** The four summary cards; null where the source does not exist yet ('—'). */
export interface IntegrationsSummary {
  activeIntegrations: number;
  totalIntegrations: number;
  apiRequests24h: number | null;
  averageUptime: number | null;
  webhooks: number | null;
  activeWebhooks: number | null;
}
