import { describe, expect, it } from 'vitest';
import { LOCALES } from '@crm/contracts';
import {
  ACCOUNT_MAIL_STRINGS,
  formatAccountMailTime,
  renderEmailChangedMail,
  renderPasswordChangedMail,
  renderPasswordResetMail,
  renderRegistrationAttemptMail,
  renderRegistrationReceivedMail,
} from '@crm/workers';

const link = 'https://crm.example.com/admin/reset-password?token=abc_DEF-123';

describe('account mails', () => {
  it.each(LOCALES)('renders the reset link in %s, with the page direction of the language', (locale) => {
    const mail = renderPasswordResetMail({ to: 'ada@example.com', link, locale, causationId: 'password-reset-1' });
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: ACCOUNT_MAIL_STRINGS[locale].passwordReset.subject, causationEventId: 'password-reset-1', attachments: [] });
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(ACCOUNT_MAIL_STRINGS[locale].passwordReset.expires);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
  });

  it('escapes what a person typed (the name) in the HTML part', () => {
    const mail = renderRegistrationReceivedMail({ to: 'x@example.com', name: '<script>alert(1)</script>', locale: 'en', causationId: 'registration-1' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
  });

  it('tells the owner of a taken address what to do, without naming who tried', () => {
    const mail = renderRegistrationAttemptMail({ to: 'owner@example.com', locale: 'fr', causationId: 'registration-attempt-1' });
    expect(mail.subject).toBe("Quelqu'un a essayé de créer un compte avec votre adresse");
    expect(mail.text).toContain('réinitialisez votre mot de passe');
  });

  describe('security notices', () => {
    const at = '2026-03-03T14:05:09.000Z';

    it.each(LOCALES)('tells the previous address the new one in %s, with the time in UTC and the page direction', (locale) => {
      const mail = renderEmailChangedMail({ to: 'old@example.com', newEmail: 'new@example.com', at, locale, causationId: 'event-1' });
      const t = ACCOUNT_MAIL_STRINGS[locale].emailChanged;
      expect(mail).toMatchObject({ to: 'old@example.com', subject: t.subject, causationEventId: 'event-1', attachments: [] });
      expect(mail.text).toContain('new@example.com');
      expect(mail.text).toContain(t.notYou);
      expect(mail.text).toContain(formatAccountMailTime(at, locale));
      expect(mail.html).toContain('new@example.com');
      expect(mail.html).toContain(`lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
    });

    it('writes the time in UTC, whatever the server time zone', () => {
      expect(formatAccountMailTime(at, 'en')).toBe('3 March 2026 at 14:05 UTC');
      expect(formatAccountMailTime(at, 'fr')).toBe('3 mars 2026 à 14:05 UTC');
      expect(formatAccountMailTime(at, 'ar')).toContain('UTC');
    });

    it('isolates the left-to-right address inside the Arabic sentence', () => {
      const mail = renderEmailChangedMail({ to: 'old@example.com', newEmail: 'new@example.com', at, locale: 'ar', causationId: 'event-1' });
      expect(mail.text).toContain('\u2068new@example.com\u2069');
    });

    it('escapes the new address in the HTML part (it is whatever the account typed)', () => {
      const newEmail = '"<img src=x onerror=alert(1)>"@example.com';
      const mail = renderEmailChangedMail({ to: 'old@example.com', newEmail, at, locale: 'en', causationId: 'event-2' });
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&quot;&lt;img src=x onerror=alert(1)&gt;&quot;@example.com');
      expect(mail.text).toContain(newEmail);
    });

    it.each(LOCALES)('says whether the password was changed or reset in %s, and what to do if it was not them', (locale) => {
      const t = ACCOUNT_MAIL_STRINGS[locale].passwordChanged;
      const changed = renderPasswordChangedMail({ to: 'ada@example.com', via: 'change', at, locale, causationId: 'event-3' });
      const reset = renderPasswordChangedMail({ to: 'ada@example.com', via: 'reset', at, locale, causationId: 'event-4' });
      expect(changed).toMatchObject({ to: 'ada@example.com', subject: t.subject.change, causationEventId: 'event-3' });
      expect(reset).toMatchObject({ to: 'ada@example.com', subject: t.subject.reset, causationEventId: 'event-4' });
      expect(t.subject.change).not.toBe(t.subject.reset);
      expect(changed.text).toContain(t.body.change);
      expect(reset.text).toContain(t.body.reset);
      for (const mail of [changed, reset]) {
        expect(mail.text).toContain(t.notYou);
        expect(mail.text).toContain(formatAccountMailTime(at, locale));
        expect(mail.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
      }
    });

    it('has real translations: no notice string is the same in two languages', () => {
      const { en, fr, ar } = ACCOUNT_MAIL_STRINGS;
      for (const other of [fr, ar]) {
        expect(other.emailChanged.subject).not.toBe(en.emailChanged.subject);
        expect(other.emailChanged.notYou).not.toBe(en.emailChanged.notYou);
        expect(other.passwordChanged.body.reset).not.toBe(en.passwordChanged.body.reset);
        expect(other.passwordChanged.notYou).not.toBe(en.passwordChanged.notYou);
      }
    });
  });
});
