import type { IntegrationId } from '@crm/contracts/integrations/integration.catalog';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

/** The dictionary key of a catalog id (`calendar-feed` → `calendarFeed`). */
export const catalogKey = (id: IntegrationId) => (id === 'calendar-feed' ? 'calendarFeed' : id);

/** An integration's name, description and feature texts. */
export function integrationText(LL: TranslationFunctions, id: IntegrationId) {
  const c = LL.integrations.marketplace.catalog[catalogKey(id)];
  const features = c.features as unknown as Record<string, () => string>;
  return { name: c.name(), description: c.description(), feature: (key: string) => features[key]?.() ?? key };
}

/** The Slack event type's dictionary key (`booking.requested` → `booking_requested`). */
export const slackEventKey = (type: string) => type.replace('.', '_') as 'booking_requested';
