import { describe, expect, it } from 'vitest';
import { LOCALES } from '@crm/contracts';
import { ACCOUNT_MAIL_STRINGS, renderPasswordResetMail, renderRegistrationAttemptMail, renderRegistrationReceivedMail } from '@crm/workers';

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
});
