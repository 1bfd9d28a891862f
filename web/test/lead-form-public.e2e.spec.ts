/**
 * Browser tests of the public lead forms (issue 16): a form with a select and a checkbox is built in the admin's
 * Lead Capture Forms tab (M4's builder), saved unpublished (its hosted page is a friendly not-found), then
 * published; a visitor fills its hosted page `/f/<slug>` in Arabic (right to left, the form's Latin texts
 * isolated), first missing a required field, with UTM parameters in the URL; the lead is in Customers and the
 * submission in Form Submissions. Then the embed snippet (`/embed/forms.js`) on a static page served on ANOTHER
 * loopback port, listed in the form's allowed origins: the iframe fits its content, the visitor submits, the
 * submission is channel `embed` with the host page's UTM parameters; the same snippet on a third port (not
 * allowed) is refused by the browser (CSP frame-ancestors), and a cross-origin call from it is refused (403).
 * The test app runs with FORM_MIN_FILL_SECONDS=0 (a person's fill time is the default's point; the e2e API
 * test covers it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';
import { loginToken, rest } from '../../test-support/http.ts';

const POLL = { timeout: 20_000 };

/** A static "other site" on its own loopback port: every path answers `html()`. */
async function hostSite(html: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('Public lead forms: hosted page and embed', () => {
  const suite = browserSuite({ app: { env: { FORM_MIN_FILL_SECONDS: '0' } } });
  const errors: string[] = [];
  let slug = '';
  let token = '';
  const snippet = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner site</title></head>
<body><h1>Our partner</h1><p>Ask for a demo below.</p>
<script src="${suite.app.baseUrl}/embed/forms.js" data-form="${slug}" data-lang="en" async></script>
<p id="after">Footer of the partner site</p></body></html>`;
  let allowed: Awaited<ReturnType<typeof hostSite>>;
  let refused: Awaited<ReturnType<typeof hostSite>>;

  beforeAll(async () => {
    allowed = await hostSite(snippet);
    refused = await hostSite(snippet);
    token = await loginToken(suite.app, suite.app.admin);
  });
  afterAll(async () => {
    await new Promise((r) => allowed?.server.close(r));
    await new Promise((r) => refused?.server.close(r));
  });

  const submissionsOf = async (email: string) => {
    const res = await rest(suite.app, `/api/marketing/submissions?search=${encodeURIComponent(email)}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.submissions ?? res.body.data?.submissions ?? []) as { channel: string; utmSource: string | null; utmCampaign: string | null; customerId: string | null; leadCreated: boolean; submissionData: Record<string, unknown> }[];
  };

  const viewsOf = async (formSlug: string) => ((await rest(suite.app, '/api/marketing/forms', { token })).body.forms as { slug: string; views: number }[]).find((f) => f.slug === formSlug)?.views;

  async function addField(page: Page, label: string, type: string, options: string[]) {
    await page.getByTestId('form-field-add').click();
    const row = page.getByTestId('form-field-row').last();
    await row.getByTestId('form-field-label').fill(label);
    await row.getByTestId('form-field-type').selectOption(type);
    for (const option of options) {
      await row.getByTestId('form-field-option-input').fill(option);
      await row.getByTestId('form-field-option-input').press('Enter');
    }
    await expect.poll(() => row.getByTestId('form-field-option-item').count()).toBe(options.length);
  }

  it('builds a form in the admin, publishes it, and a visitor fills its hosted page in Arabic: the lead and the submission are there', async () => {
    const admin = await suite.openAsAdmin('/admin/marketing?tab=forms', errors, { width: 1280, height: 900 });
    await admin.getByTestId('forms-tab').waitFor();
    await admin.getByTestId('form-create').click();
    const dialog = admin.getByTestId('form-builder-dialog');
    await dialog.waitFor();
    await admin.getByTestId('form-name').fill('Partner demo');
    await admin.getByTestId('form-title').fill('Book a partner demo');
    await addField(admin, 'Team size', 'select', ['1-10', '11-50', '51+']);
    await addField(admin, 'Topics', 'checkbox', ['Sales', 'Support']);
    // Thanks in place after submitting; embeddable from the partner's site only; saved unpublished.
    await admin.getByTestId('form-redirect').fill('');
    await admin.getByTestId('form-origin-input').fill(allowed.origin);
    await admin.getByTestId('form-origin-add').click();
    await admin.getByTestId('form-active').locator('xpath=..').click(); // the switch's label (its input is visually hidden)
    await admin.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const card = admin.getByTestId('form-card').first();
    await card.waitFor();
    slug = (await card.getAttribute('data-form-slug'))!;
    expect(slug).toMatch(/^partner-demo/);

    // Unpublished: the hosted page is a friendly not-found.
    const visitor = await suite.newPage({ width: 420, height: 900, locale: 'ar' });
    visitor.setDefaultTimeout(15_000);
    collectPageErrors(visitor, errors);
    await visitor.addInitScript(() => {
      window.localStorage.setItem('crm.language', 'ar');
      window.localStorage.setItem('cookiePreferences', JSON.stringify({ necessary: true, analytics: true, marketing: false, functional: true }));
    });
    await visitor.goto(`/f/${slug}`);
    await visitor.getByTestId('lead-form-not-found').waitFor();
    await expect(visitor.getByTestId('lead-form-not-found').getByRole('heading').textContent()).resolves.toBe('هذا النموذج غير متاح');

    // Publish it.
    await card.getByTestId('form-card-edit').click();
    await dialog.waitFor();
    await admin.getByTestId('form-active').locator('xpath=..').click(); // the switch's label (its input is visually hidden)
    await admin.getByTestId('form-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.getByTestId('form-card-status').textContent(), POLL).toBe('Active');

    // The hosted page in Arabic, right to left; the form's own (Latin) texts are its data.
    const response = await visitor.goto(`/f/${slug}?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=crm&utm_content=header`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const form = visitor.getByTestId('lead-form');
    await form.waitFor();
    await expect(visitor.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual(['ar', 'rtl']);
    await expect(visitor.getByTestId('lead-form-title').textContent()).resolves.toBe('Book a partner demo');
    await expect(visitor.getByTestId('lead-form-title').locator('bdi').count()).resolves.toBe(1);
    await expect(form.locator('select[name="team_size"] option').allTextContents()).resolves.toEqual(['اختر…', '1-10', '11-50', '51+']);
    // The honeypot: off screen, hidden from assistive technology and the keyboard.
    const honeypot = form.locator('input[name="website"]');
    await expect(honeypot.getAttribute('tabindex')).resolves.toBe('-1');
    await expect(honeypot.getAttribute('autocomplete')).resolves.toBe('off');
    await expect(honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).resolves.toBe(true);
    const box = (await honeypot.boundingBox())!;
    expect(box.x + box.width <= 0 || box.x >= 420, `honeypot at x=${box.x}`).toBe(true);

    // Missing the required name: checked on the page, in Arabic, beside the field; nothing sent.
    await form.locator('input[name="email"]').fill('layla@example.com');
    await visitor.getByTestId('lead-form-submit').click();
    await expect(visitor.getByTestId('lead-form-error-full_name').textContent()).resolves.toBe('هذا الحقل مطلوب');
    await expect(visitor.getByTestId('lead-form-submit-error').textContent()).resolves.toBe('يرجى مراجعة الحقول المميّزة.');
    await form.locator('input[name="full_name"]').fill('Layla Haddad');
    await form.locator('select[name="team_size"]').selectOption('11-50');
    await form.getByTestId('lead-form-option-topics').filter({ hasText: 'Sales' }).click();
    await screenshot(visitor, 'lead-form-hosted-phone-ar.png', { fullPage: true });
    await visitor.getByTestId('lead-form-submit').click();
    await visitor.getByTestId('lead-form-thanks').waitFor();
    await expect(visitor.getByTestId('lead-form-thanks').getByRole('heading').textContent()).resolves.toBe('شكرًا لك!');

    // Form Submissions: the submission, its UTM, the lead it created.
    await admin.getByTestId('marketing-tab-submissions').click();
    await admin.getByTestId('submissions-tab').waitFor();
    const row = admin.getByTestId('submission-row').first();
    await expect.poll(() => admin.getByTestId('submission-row').count(), POLL).toBe(1);
    await expect(row.getByTestId('submission-summary').textContent()).resolves.toContain('Full Name: Layla Haddad');
    await expect(row.getByTestId('submission-utm').textContent()).resolves.toBe('newsletter / email / spring');
    await expect.poll(() => row.getByTestId('submission-lead').getAttribute('href'), POLL).toMatch(/^\/admin\/customers\/[0-9a-f-]{36}$/);
    await expect.poll(async () => (await submissionsOf('layla@example.com')).length, POLL).toBe(1);
    const [submission] = await submissionsOf('layla@example.com');
    expect(submission).toMatchObject({ channel: 'hosted', utmSource: 'newsletter', utmCampaign: 'spring', leadCreated: true });
    expect(submission!.submissionData).toEqual({ full_name: 'Layla Haddad', email: 'layla@example.com', team_size: '11-50', topics: ['Sales'] });

    // Customers: the lead.
    await admin.getByTestId('admin-tab-customers').click();
    await admin.getByTestId('customers-table').waitFor();
    await admin.locator('[data-testid^="customers-row-"][data-name="Layla Haddad"]').waitFor();

    // The view was counted (analytics consent given on our site).
    await expect.poll(() => viewsOf(slug), POLL).toBe(1);
    expect(errors).toEqual([]);
  });

  it('embeds the form with the snippet on another site: allowed origin submits (channel embed), another origin is refused', async () => {
    expect(slug, 'the first test builds the form').not.toBe('');
    const page = await suite.newPage({ width: 1024, height: 900 });
    page.setDefaultTimeout(15_000);
    collectPageErrors(page, errors);
    await page.goto(`${allowed.origin}/landing?utm_source=partner&utm_medium=referral&utm_campaign=spring`);
    const iframe = page.locator('iframe[data-crm-form]');
    await iframe.waitFor();
    expect(await iframe.getAttribute('src')).toBe(`${suite.app.baseUrl}/f/${slug}?embed=1&utm_source=partner&utm_medium=referral&utm_campaign=spring&lang=en`);
    const frame = page.frameLocator('iframe[data-crm-form]');
    await frame.getByTestId('lead-form').waitFor();
    // No site chrome inside; the iframe fits its content (the page reports its height).
    await expect(frame.locator('header').count()).resolves.toBe(0);
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0, POLL).not.toBe(480);
    const contentHeight = await frame.getByTestId('lead-form-page').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    await expect.poll(async () => Math.round((await iframe.boundingBox())?.height ?? 0), POLL).toBe(contentHeight);

    await frame.locator('input[name="full_name"]').fill('Omar Benali');
    await frame.locator('input[name="email"]').fill('omar@partner.example');
    await frame.locator('select[name="team_size"]').selectOption('51+');
    await frame.getByTestId('lead-form-option-topics').filter({ hasText: 'Support' }).click();
    await expect(frame.locator('input[name="topics"]').evaluateAll((inputs) => (inputs as HTMLInputElement[]).map((i) => [i.value, i.checked]))).resolves.toEqual([
      ['Sales', false],
      ['Support', true],
    ]);
    await screenshot(page, 'lead-form-embed-desktop-en.png', { fullPage: true });
    await frame.getByTestId('lead-form-submit').click();
    await frame.getByTestId('lead-form-thanks').waitFor();

    await expect.poll(async () => (await submissionsOf('omar@partner.example')).length, POLL).toBe(1);
    const [submission] = await submissionsOf('omar@partner.example');
    expect(submission).toMatchObject({ channel: 'embed', utmSource: 'partner', utmCampaign: 'spring', leadCreated: true });
    expect(submission!.submissionData).toEqual({ full_name: 'Omar Benali', email: 'omar@partner.example', team_size: '51+', topics: ['Support'] });

    // The embed counts its view (always: the host site answers for its visitors' consent).
    await expect.poll(() => viewsOf(slug), POLL).toBe(2);

    // Another site, not among the form's allowed origins: the browser refuses to frame the form.
    const other = await suite.newPage({ width: 1024, height: 900 });
    const refusals: string[] = [];
    other.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await other.goto(`${refused.origin}/landing`);
    await other.locator('iframe[data-crm-form]').waitFor();
    await expect.poll(() => refusals.length, POLL).toBeGreaterThan(0);
    await expect(other.frameLocator('iframe[data-crm-form]').getByTestId('lead-form').count()).resolves.toBe(0);

    // And its calls to the public endpoints are refused; the allowed site's get the CORS header.
    const refusedGet = await fetch(`${suite.app.baseUrl}/api/forms/${slug}`, { headers: { origin: refused.origin } });
    expect(refusedGet.status).toBe(403);
    expect(((await refusedGet.json()) as { code: string }).code).toBe('form_origin_not_allowed');
    const allowedGet = await fetch(`${suite.app.baseUrl}/api/forms/${slug}`, { headers: { origin: allowed.origin } });
    expect(allowedGet.status).toBe(200);
    expect(allowedGet.headers.get('access-control-allow-origin')).toBe(allowed.origin);
    const { formToken } = (await allowedGet.json()) as { formToken: string };
    const refusedPost = await fetch(`${suite.app.baseUrl}/api/forms/${slug}/submissions`, {
      method: 'POST',
      headers: { origin: refused.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ formToken, data: { full_name: 'Eve', email: 'eve@example.com', team_size: '1-10' }, channel: 'embed' }),
    });
    expect(refusedPost.status).toBe(403);
    expect(await submissionsOf('eve@example.com')).toEqual([]);
    expect(errors).toEqual([]);
  });
  it('shows every field type, refuses a bad phone on the page and a stale option at its field from the server, counts no view without consent, and redirects', async () => {
    const fields = [
      { name: 'full_name', type: 'text', label: 'Full Name', required: true },
      { name: 'email', type: 'email', label: 'Email Address', required: true },
      { name: 'phone', type: 'phone', label: 'Phone', placeholder: '+33 1 23 45 67 89' },
      { name: 'message', type: 'textarea', label: 'Message' },
      { name: 'plan', type: 'radio', label: 'Plan', required: true, options: ['Starter', 'Pro', 'Gold'] },
      { name: 'company_size', type: 'select', label: 'Company size', options: ['1-10', '11+'] },
      { name: 'newsletter', type: 'checkbox', label: 'Send me the newsletter' },
    ];
    const created = await rest(suite.app, '/api/marketing/forms', { method: 'POST', token, json: { name: 'Every type', title: 'Every field type', description: 'A form with all seven types.', fields, settings: { redirectUrl: '/about' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, slug: everySlug } = created.body.form as { id: string; slug: string };

    // No analytics consent chosen: the banner shows and no view is counted.
    const page = await suite.newPage({ width: 1024, height: 900 });
    page.setDefaultTimeout(15_000);
    collectPageErrors(page, errors);
    await page.goto(`/f/${everySlug}`);
    const form = page.getByTestId('lead-form');
    await form.waitFor();
    await expect(form.locator('input[name="phone"]').getAttribute('type')).resolves.toBe('tel');
    await expect(form.locator('input[name="phone"]').getAttribute('placeholder')).resolves.toBe('+33 1 23 45 67 89');
    await expect(form.locator('textarea[name="message"]').count()).resolves.toBe(1);
    await expect(form.locator('input[name="plan"]').count()).resolves.toBe(3);
    await expect(form.locator('input[name="newsletter"][type="checkbox"]').count()).resolves.toBe(1);
    await expect(form.locator('select[name="company_size"] option').allTextContents()).resolves.toEqual(['Choose…', '1-10', '11+']);
    await expect(page.getByTestId('lead-form-field-plan').textContent()).resolves.toContain('Plan*');

    await form.locator('input[name="full_name"]').fill('Grace Hopper');
    await form.locator('input[name="email"]').fill('grace@example.com');
    await form.locator('input[name="phone"]').fill('call me');
    await form.locator('textarea[name="message"]').fill('Interested in the Pro plan.');
    await form.getByTestId('lead-form-option-plan').filter({ hasText: 'Gold' }).click();
    await form.getByText('Send me the newsletter').click();
    await page.getByTestId('lead-form-submit').click();
    await expect(page.getByTestId('lead-form-error-phone').textContent()).resolves.toBe('Enter a phone number (digits, spaces, +, - and parentheses)');
    await form.locator('input[name="phone"]').fill('+33 1 23 45 67 89');

    // Meanwhile the marketer drops the Gold plan: the server refuses the answer, shown at its field.
    const updated = await rest(suite.app, `/api/marketing/forms/${id}`, { method: 'PUT', token, json: { fields: fields.map((f) => (f.name === 'plan' ? { ...f, options: ['Starter', 'Pro'] } : f)) } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await page.getByTestId('lead-form-submit').click();
    await expect.poll(() => page.getByTestId('lead-form-error-plan').textContent(), POLL).toBe('Choose one of the options');
    await expect(page.getByTestId('lead-form-submit-error').textContent()).resolves.toBe('Please check the highlighted fields.');
    await form.getByTestId('lead-form-option-plan').filter({ hasText: 'Pro' }).click();
    await page.getByTestId('lead-form-submit').click();

    // The redirect is a page of the site: the visitor lands there.
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/about');
    // The list is a read model: the submission reaches it a moment after the visitor's redirect.
    await expect.poll(async () => (await submissionsOf('grace@example.com')).length, POLL).toBe(1);
    const [submission] = await submissionsOf('grace@example.com');
    expect(submission).toMatchObject({ channel: 'hosted', leadCreated: true });
    expect(submission!.submissionData).toEqual({ full_name: 'Grace Hopper', email: 'grace@example.com', phone: '+33 1 23 45 67 89', message: 'Interested in the Pro plan.', plan: 'Pro', newsletter: true });
    expect(await viewsOf(everySlug)).toBe(0);
    expect(errors).toEqual([]);
  });
});
