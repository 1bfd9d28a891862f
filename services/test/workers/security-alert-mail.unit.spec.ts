import { describe, expect, it } from 'vitest';
import { renderSecurityAlertMail } from '../../../workers/src/security/security-alert.mail.ts';

const input = {
  to: 'admin@example.com',
  type: 'brute_force' as const,
  severity: 'high' as const,
  title: 'Brute force attack on ana@example.com',
  description: '5 failed logins on ana@example.com within 15 minutes.',
  ipAddress: '203.0.113.9',
  account: 'Ana <script>',
  detectedAt: '2030-03-01T10:00:00.000Z',
  link: 'https://crm.example.com/admin/security?tab=alerts',
  causationId: 'alert-1-admin-2',
};

describe('security alert mail', () => {
  it('tells an admin in English what, when, where and who, with a link to the Security Center', () => {
    const mail = renderSecurityAlertMail({ ...input, locale: 'en' });
    expect(mail.subject).toBe('Security alert (high): Brute force attack on an account');
    expect(mail.text).toContain('Detected: 1 March 2030 at 10:00 UTC.');
    expect(mail.text).toContain('Address: 203.0.113.9.');
    expect(mail.text).toContain(input.description);
    expect(mail.text).toContain(input.link);
    expect(mail.html).toContain('Ana &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.causationEventId).toBe('alert-1-admin-2');
  });

  it('speaks the admin’s language (French; Arabic right to left)', () => {
    expect(renderSecurityAlertMail({ ...input, locale: 'fr' }).subject).toBe('Alerte de sécurité (élevée) : Attaque par force brute sur un compte');
    const ar = renderSecurityAlertMail({ ...input, locale: 'ar' });
    expect(ar.subject).toBe('تنبيه أمني (عالية): هجوم القوة الغاشمة على حساب');
    expect(ar.html).toContain('dir="rtl"');
  });
});
