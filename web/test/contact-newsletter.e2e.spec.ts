/**
 * Browser test of the contact form and the newsletter double opt-in, against the real platform with a real SMTP
 * server: the message is stored as an event and the form clears with the success toast; the newsletter link
 * captured from the mail confirms the subscription in the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';
import { waitFor } from '../../services/test/workers/support/helpers.ts';
import { leafParts, parseMime } from '../../services/test/workers/support/mime.ts';

const CONFIRM_LINK = /http:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[0-9a-f]{64}\.[A-Za-z0-9_-]{43}/;



/** A page whose visitor already chose cookies (analytics on, so contact_submit is recorded) and a language. */
async function preparePage(page: Page, language: 'en' | 'ar' | 'fr' = 'en') {
  await page.addInitScript((lang) => {
    window.localStorage.setItem('cookiePreferences', JSON.stringify({ necessary: true, analytics: true, marketing: false, functional: true }));
    window.localStorage.setItem('crm.language', lang);
  }, language);
  return page;
}

describe('contact form and newsletter in the browser', () => {
  const suite = browserSuite({ smtp: true });

  const mailText = (to: string) => {
    const mail = suite.smtp.messages.find((m) => m.to.includes(to));
    return mail ? (leafParts(parseMime(mail.raw)).find((p) => p.contentType === 'text/plain')?.body.toString('utf8') ?? null) : null;
  };

  it('refuses an incomplete form in the page (translated messages), then sends: toast, form cleared, event stored', async () => {
    const page = await preparePage(await suite.newPage());
    const errors = collectPageErrors(page);
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await expect(page.title()).resolves.toBe('Contact Us | Nexa CRM');
    const form = page.getByTestId('contact-form');
    expect(await page.getByTestId('contact-office').count()).toBe(3);
    await expect(page.getByTestId('contact-hours').textContent()).resolves.toBe('Monday to Friday, 9:00 AM to 6:00 PM (GMT+1)');

    // Nothing filled in: every field says why, nothing is sent.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByTestId('contact-error-name').textContent()).resolves.toBe('This field is required');
    await expect(page.getByTestId('contact-error-subject').textContent()).resolves.toBe('This field is required');
    await form.getByLabel('Full name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@');
    await form.getByLabel('Subject').selectOption('partnership');
    await form.getByLabel('Message').fill('We would like to resell Nexa CRM in our region.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByTestId('contact-error-email').textContent()).resolves.toBe('Enter a valid e-mail address, like name@example.com');
    // The first field to fix has the focus.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('email');
    expect((await suite.app.platform.pool.query(`SELECT 1 FROM es_events WHERE type = 'ContactMessageReceived'`)).rowCount).toBe(0);

    await form.getByLabel('Email').fill('grace.hopper@example.com');
    // Every highlighted field is corrected: the banner is gone.
    await expect(page.getByTestId('contact-submit-error').count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'contact-en.png', { fullPage: true });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByTestId('contact-toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Message sent!');
    await expect(toast.textContent()).resolves.toContain('within 24 business hours');
    for (const label of ['Full name', 'Email', 'Message', 'Subject']) await expect(form.getByLabel(label).inputValue()).resolves.toBe('');

    const { rows } = await suite.app.platform.pool.query<{ data: Record<string, string> }>(`SELECT data FROM es_events WHERE type = 'ContactMessageReceived'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ name: 'Grace Hopper', email: 'grace.hopper@example.com', subject: 'partnership', locale: 'en' });
    // The sales inbox is told (default SALES_EMAIL).
    await waitFor(() => mailText('sales@crm.localhost'), { what: 'the sales notification' });
    // contact_submit with the subject and presence flags only (no personal data), once consent allowed it.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(
        async () =>
          (await suite.app.platform.pool.query(`SELECT data FROM es_events WHERE type = 'AnalyticsEventsRecorded'`)).rows
            .flatMap((r: { data: { events: { name: string; props: unknown }[] } }) => r.data.events)
            .find((e) => e.name === 'contact_submit')?.props,
        { timeout: 15_000 },
      )
      .toEqual({ subject: 'partnership', hasName: true, hasEmail: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows the page in Arabic, right to left, with translated validation', async () => {
    const page = await preparePage(await suite.newPage(), 'ar');
    const errors = collectPageErrors(page);
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'اتصل بنا' }).waitFor();
    await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual(['ar', 'rtl']);
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(page.getByTestId('contact-error-message').textContent()).resolves.toBe('هذا الحقل مطلوب');
    await screenshot(page, 'contact-ar.png', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('newsletter: refuses an invalid address, then double opt-in through the mailed link', async () => {
    const email = `reader.${Date.now().toString(36)}@example.com`;
    const page = await preparePage(await suite.newPage(), 'fr');
    const errors = collectPageErrors(page);
    await page.goto('/blog');
    const box = page.getByTestId('newsletter-blog');
    await box.waitFor();
    await box.getByLabel('Adresse e-mail').fill('not-an-address');
    await box.getByRole('button', { name: "S'abonner" }).click();
    await expect(page.getByTestId('newsletter-blog-error').textContent()).resolves.toBe('Saisissez une adresse e-mail valide, par exemple nom@exemple.com');
    await box.getByLabel('Adresse e-mail').fill(email);
    await box.getByRole('button', { name: "S'abonner" }).click();
    await page.getByTestId('newsletter-blog-sent').waitFor();
    await expect(box.getByLabel('Adresse e-mail').inputValue()).resolves.toBe('');
    await screenshot(box, 'newsletter-blog-fr.png');

    const text = await waitFor(() => mailText(email), { what: 'the confirmation mail' });
    const link = CONFIRM_LINK.exec(text)?.[0];
    expect(link, text).toBeTruthy();
    expect(text).toContain('Le lien expire dans 48 heures.');

    await page.goto(link!);
    const confirm = page.getByTestId('newsletter-confirm');
    await expect.poll(() => confirm.getAttribute('data-state')).toBe('confirmed');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Vous êtes abonné !');
    // The token left the address bar once read.
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'newsletter-confirmed.png', { fullPage: true });
    const { rows } = await suite.app.platform.pool.query<{ type: string }>(
      `SELECT type FROM es_events WHERE stream_id LIKE 'newsletter-%' AND data->>'email' = $1 ORDER BY stream_version`,
      [email],
    );
    expect(rows.map((r) => r.type)).toEqual(['NewsletterSubscriptionRequested', 'NewsletterSubscriptionConfirmed']);

    // The footer's box works too, and a broken link says so.
    await page.goto('/newsletter/confirm?token=0000');
    await expect.poll(() => confirm.getAttribute('data-state')).toBe('invalid');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Ce lien ne fonctionne pas');
    expect(errors).toEqual([]);
  });

  it('newsletter from the footer of the landing page, in English', async () => {
    const email = `footer.${Date.now().toString(36)}@example.com`;
    const page = await preparePage(await suite.newPage());
    await page.goto('/');
    const box = page.getByTestId('newsletter-footer');
    await box.scrollIntoViewIfNeeded();
    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByTestId('newsletter-footer-sent').waitFor();
    await waitFor(() => mailText(email), { what: 'the confirmation mail' });
  });

  it('has no axe-core violations on /contact (en, ar, with errors shown) and /newsletter/confirm', async () => {
    for (const language of ['en', 'ar'] as const) {
      // axe is injected as a script tag: this page alone bypasses the CSP (the other tests run under it).
      const page = await preparePage(await suite.newPage({ bypassCSP: true }), language);
      await page.goto('/contact');
      await page.getByTestId('contact-form').waitFor();
      expect(await axeViolations(page), `/contact ${language}`).toEqual([]);
      await page.getByTestId('contact-form').locator('button[type="submit"]').click();
      await page.getByTestId('contact-error-name').filter({ hasText: /.+/ }).waitFor();
      expect(await axeViolations(page), `/contact ${language} with errors`).toEqual([]);
      await page.goto('/newsletter/confirm?token=0000');
      await expect.poll(() => page.getByTestId('newsletter-confirm').getAttribute('data-state')).toBe('invalid');
      expect(await axeViolations(page), `/newsletter/confirm ${language}`).toEqual([]);
    }
  }, 60_000);
});
