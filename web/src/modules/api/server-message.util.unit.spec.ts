import { i18nObject } from 'typesafe-i18n';
import { describe, expect, it } from 'vitest';
import type { Locales, TranslationFunctions, Translations } from '../../i18n/i18n-types.ts';
import ar from '../../i18n/ar/index.ts';
import arDeals from '../../i18n/ar/deals/index.ts';
import en from '../../i18n/en/index.ts';
import enCustomers from '../../i18n/en/customers/index.ts';
import frBookingsAdmin from '../../i18n/fr/bookingsAdmin/index.ts';
import fr from '../../i18n/fr/index.ts';
import type { ApiFailure } from './api-error.util.ts';
import { domainMessage, serverMessage } from './server-message.util.ts';

/** LL as a page has it: the base dictionary plus the namespaces that page loaded. */
const LL = (locale: Locales, dictionary: object) => i18nObject<Locales, Translations, TranslationFunctions>(locale, dictionary as Translations);
const failure = (domainCode: string | null, message: string, code: string | null = 'CONFLICT'): Extract<ApiFailure, { kind: 'server' }> => ({
  kind: 'server',
  code,
  domainCode,
  message,
  fieldErrors: {},
  fieldIssues: {},
});

describe('server refusals in the reader’s language', () => {
  it('reads a public code from the base namespace (every page has it)', () => {
    expect(domainMessage('rate_limited', LL('fr', fr))).toBe('Trop de requêtes. Veuillez réessayer dans un instant.');
    expect(domainMessage('invalid_credentials', LL('ar', ar))).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('reads an admin code from the namespace of the area that shows it', () => {
    expect(domainMessage('booking_cancelled', LL('fr', { ...fr, bookingsAdmin: frBookingsAdmin }))).toBe('Cette réservation est déjà annulée');
    expect(domainMessage('customer_out_of_scope', LL('en', { ...en, customers: enCustomers }))).toBe('This customer is assigned to someone else');
    // A customer code shown by the pipeline: the deals namespace has it too.
    expect(domainMessage('customer_not_found', LL('ar', { ...ar, deals: arDeals }))).toBe('لم يتم العثور على العميل');
  });

  it('falls back to the server’s message when the namespace is not loaded, or the code unknown', () => {
    const landing = LL('fr', fr);
    expect(domainMessage('booking_cancelled', landing)).toBeNull();
    expect(serverMessage(failure('booking_cancelled', 'This booking is already cancelled'), landing)).toBe('This booking is already cancelled');
    expect(serverMessage(failure('something_new', 'Something new'), landing)).toBe('Something new');
    expect(domainMessage(null, landing)).toBeNull();
  });

  it('translates access errors without a domain code', () => {
    expect(serverMessage(failure(null, 'UNAUTHORIZED', 'UNAUTHORIZED'), LL('en', en))).toBe('Please log in');
    expect(serverMessage(failure(null, 'FORBIDDEN', 'FORBIDDEN'), LL('fr', fr))).toBe('Vous n’avez pas l’autorisation de faire cela');
  });

  it('keeps the admin texts out of the base dictionary', () => {
    expect(Object.keys(en.serverErrors)).not.toContain('booking_cancelled');
    expect(Object.keys(en.serverErrors)).not.toContain('customer_not_found');
  });
});
