import { describe, expect, it } from 'vitest';
import { renderAutoResponderMail, renderSubmissionNotificationMails, type FormForMail, type LeadFormSubmitted } from '@crm/workers';

const form: FormForMail = {
  name: 'Demo <request>',
  title: 'Book a demo',
  fields: [
    { name: 'full_name', type: 'text', label: 'Full Name', placeholder: null, required: true, options: [] },
    { name: 'email', type: 'email', label: 'Email', placeholder: null, required: true, options: [] },
    { name: 'topics', type: 'checkbox', label: 'Topics', placeholder: null, required: false, options: ['CRM', 'Marketing'] },
    { name: 'agree', type: 'checkbox', label: 'I agree', placeholder: null, required: false, options: [] },
  ],
  settings: {
    notifications: ['Sales@example.com', 'sales@example.com', 'ceo@example.com'],
    autoResponder: { enabled: true, subject: 'Thank you\r\nBcc: victim@example.com', message: 'We will be in touch.\n\nThe team' },
    integrations: { email: true },
  },
};
const event = {
  id: 'f0e1d2c3-b4a5-4697-8877-665544332211',
  data: {
    submissionId: '0b7d3c52-4a43-4d2b-8f35-0c3c5e3a8f11',
    formId: '6f1c1d9e-2b1a-4c44-9f0e-3f1e2d6a7b01',
    formName: form.name,
    campaignId: null,
    data: { full_name: '<b>سارة</b>', email: 'sara@example.com', topics: ['CRM', 'Marketing'], agree: true },
    email: 'sara@example.com',
    customerId: '9d2f7a61-3c1e-4b8a-8f0e-1a2b3c4d5e6f',
    leadCreated: true,
    leadSource: 'website',
    channel: 'hosted',
    referrer: null,
    utmSource: 'newsletter',
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    submittedAt: '2026-11-26T10:00:00.000Z',
    locale: 'ar',
  } satisfies LeadFormSubmitted,
};

describe('lead-form mails', () => {
  it('the auto-responder: the form’s subject on one line, greeting, message and answers in the page’s language, right to left in Arabic', () => {
    const mail = renderAutoResponderMail(event, form)!;
    expect(mail).toMatchObject({ to: 'sara@example.com', subject: 'Thank you Bcc: victim@example.com', causationEventId: `${event.id}-auto` });
    expect(mail.text).toContain('مرحبًا <b>سارة</b>،');
    expect(mail.text).toContain('We will be in touch.');
    expect(mail.text).toContain('Topics: CRM, Marketing');
    expect(mail.text).toContain('I agree: نعم');
    expect(mail.text).toContain('فريق Nexa CRM');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('&lt;b&gt;سارة&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>سارة</b>');
  });

  it('no auto-responder when it is off, when the e-mail integration is off, or without an e-mail', () => {
    expect(renderAutoResponderMail(event, { ...form, settings: { ...form.settings, autoResponder: { ...form.settings.autoResponder, enabled: false } } })).toBeNull();
    expect(renderAutoResponderMail(event, { ...form, settings: { ...form.settings, integrations: { email: false } } })).toBeNull();
    expect(renderAutoResponderMail({ ...event, data: { ...event.data, email: null } }, form)).toBeNull();
  });

  it('one notification per distinct address, each with its own causation id, the lead link when the public URL is known, visitor text escaped', () => {
    const mails = renderSubmissionNotificationMails(event, form, { publicUrl: 'https://crm.example.com/' });
    expect(mails.map((m) => [m.to, m.causationEventId])).toEqual([
      ['sales@example.com', `${event.id}-notify-0`],
      ['ceo@example.com', `${event.id}-notify-1`],
    ]);
    const [mail] = mails;
    expect(mail!.subject).toBe('[Form · Demo <request>] <b>سارة</b>');
    expect(mail!.text).toContain('is now a lead');
    expect(mail!.text).toContain('Open the lead: https://crm.example.com/admin/customers/9d2f7a61-3c1e-4b8a-8f0e-1a2b3c4d5e6f');
    expect(mail!.html).toContain('&lt;b&gt;سارة&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>سارة</b>');
    expect(renderSubmissionNotificationMails(event, form, {})[0]!.text).not.toContain('Open the lead');
  });
});
