import { i18nObject } from 'typesafe-i18n';
import { expect, it } from 'vitest';
import type { SecurityAlertView } from '@crm/contracts/security/alert.input';
import type { Locales, TranslationFunctions, Translations } from '../../../i18n/i18n-types.ts';
import ar from '../../../i18n/ar/index.ts';
import arAlerts from '../../../i18n/ar/securityAlerts/index.ts';
import { alertDescription } from './alert-text.util.ts';

const LL = i18nObject<Locales, Translations, TranslationFunctions>('ar', { ...ar, securityAlerts: arAlerts } as unknown as Translations);
const alert = (over: Partial<SecurityAlertView>): SecurityAlertView => ({
  id: 'a1',
  type: 'brute_force',
  severity: 'high',
  status: 'open',
  title: 'Brute force',
  description: 'English text from the server',
  ipAddress: '203.0.113.9',
  userId: null,
  userName: null,
  email: 'grace.hopper@example.com',
  timestamp: '2026-11-26T10:00:00.000Z',
  relatedEvents: [],
  relatedEntities: [],
  details: { failures: 7, minutes: 15 },
  investigatedBy: null,
  investigatedAt: null,
  resolvedBy: null,
  resolvedAt: null,
  note: null,
  ...over,
});

it('keeps Latin data in an Arabic alert description in its own direction (isolated), figures in the sentence', () => {
  const text = alertDescription(LL, alert({}));
  expect(text).toContain('\u2068grace.hopper@example.com\u2069');
  expect(text).toContain('7');
  const escalation = alertDescription(LL, alert({ type: 'privilege_escalation', userName: 'Ada Lovelace', email: null, details: { from: 'manager' } }));
  expect(escalation).toContain('\u2068Ada Lovelace\u2069');
  expect(escalation).toContain('\u2068manager\u2069');
});
