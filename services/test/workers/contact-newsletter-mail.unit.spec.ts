import { describe, expect, it } from 'vitest';
import { LOCALES } from '@crm/contracts';
import { NEWSLETTER_MAIL_STRINGS, renderContactNotificationMail, renderNewsletterAlreadySubscribedMail, renderNewsletterConfirmMail } from '@crm/workers';

const message = {
  messageId: '0b7d3c52-4a43-4d2b-8f35-0c3c5e3a8f11',
  name: 'Eve <script>\r\nBcc: victim@example.com',
  email: 'eve@example.com',
  subject: 'other' as const,
  message: 'Hello & <b>goodbye</b>',
  locale: 'ar' as const,
  receivedAt: '2026-03-02T10:00:00.000Z',
};

describe('contact notification mail', () => {
  it('goes to the sales inbox, named after the event; visitor text cannot break the subject line or the HTML', () => {
    const job = renderContactNotificationMail({ id: 'event-1', data: message }, { to: 'sales@example.com' });
    expect(job).toMatchObject({ to: 'sales@example.com', causationEventId: 'event-1' });
    expect(job.subject).toBe('[Contact · Other] Eve <script> Bcc: victim@example.com');
    expect(job.subject).not.toMatch(/[\r\n]/);
    expect(job.html).toContain('Eve &lt;script&gt;');
    expect(job.html).toContain('Hello &amp; &lt;b&gt;goodbye&lt;/b&gt;');
    expect(job.html).not.toContain('<script>');
    expect(job.text).toContain('Language: Arabic');
    expect(job.text).toContain('Hello & <b>goodbye</b>');
  });
});

describe('newsletter mails', () => {
  it.each(LOCALES)('%s: the confirmation link as a button and as text, in the page language and direction', (locale) => {
    const link = 'https://crm.example.com/newsletter/confirm?token=abc.def';
    const job = renderNewsletterConfirmMail({ to: 'ada@example.com', link, locale, causationId: 'event-2' });
    const t = NEWSLETTER_MAIL_STRINGS[locale];
    expect(job.subject).toBe(t.confirm.subject);
    expect(job.text).toContain(link);
    expect(job.text).toContain(t.confirm.expires);
    expect(job.html).toContain(`lang="${locale}" dir="${t.dir}"`);
    expect(job.html).toContain(`href="${link}"`);
    expect(job.causationEventId).toBe('event-2');
  });

  it('the "already subscribed" notice has no link', () => {
    const job = renderNewsletterAlreadySubscribedMail({ to: 'ada@example.com', locale: 'fr', causationId: 'event-3' });
    expect(job.subject).toBe('Vous êtes déjà inscrit à notre newsletter');
    expect(job.html).not.toContain('<a ');
  });
});
