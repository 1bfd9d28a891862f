/**
 * Browser test of the landing page `/` and the navigation bar (spec 01 §2, §4, §9): the sections in order with
 * their anchors, smooth in-page navigation, the phone menu, the trial modal, the footer's links, the testimonials'
 * stars, and the language switch to Arabic (right to left) and back, remembered across a reload.
 *
 * Real platform and a build of the current web sources (test-support/browser.ts browserSuite), Chromium through
 * playwright-core. Screenshots of the landing page in en and ar at desktop and phone sizes go to .artifacts/web.
 */
import { gzipSync } from 'node:zlib';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, collectPageErrors, screenshot } from '../../test-support/browser.ts';

const SECTION_ORDER = ['home', 'about', 'features', 'why-choose', 'testimonials', 'get-started'];
const FOOTER_LINKS = [
  '/#features',
  '/admin',
  '/help',
  '/about',
  '/careers',
  '/blog',
  '/press',
  '/contact',
  '/status',
  '/security',
  '/privacy',
  '/terms',
  '/cookies',
];
const PHONE = { width: 390, height: 844 };
/** Spec'd budget (issue 4): all JavaScript the landing page loads, gzipped. */
const LANDING_JS_BUDGET = 180 * 1024;

/** Whether the element's top edge sits in the viewport just below the sticky navigation bar. */
async function sectionInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((sectionId) => {
    const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
    const header = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect().height;
    return top >= -2 && top <= header + 24;
  }, id);
}

/** Resolves once every CSS animation under the element (the phone menu's expand or collapse) has finished. */
async function animationsSettled(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    // Until none runs: one that ends may hand over to another, and one cancelled (its `finished` rejects with an
    // AbortError, as CI saw when the menu's state changed mid-animation) has settled too.
    for (let round = 0; round < 20; round++) {
      const running = element.getAnimations({ subtree: true }).filter((animation) => animation.pending || animation.playState === 'running');
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** Usage events the page sent to the first-party analytics endpoint, as `name source`. */
function analyticsEvents(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/analytics/events')) return;
    const { events } = JSON.parse(request.postData() ?? '{"events":[]}') as { events: { name: string; props: { source?: string } }[] };
    for (const event of events) seen.push(event.props.source ? `${event.name} ${event.props.source}` : event.name);
  });
  return seen;
}


const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const htmlLangDir = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe('landing page in the browser', () => {
  const suite = browserSuite();
  const newPage = async (options: { width?: number; height?: number; bypassCSP?: boolean } = {}) => {
    const page = await suite.newPage(options);
    page.setDefaultTimeout(10_000);
    // A returning visitor who already chose cookie settings: the first-visit consent banner stays out of the way.
    await page.addInitScript(() =>
      window.localStorage.setItem('cookiePreferences', JSON.stringify({ necessary: true, analytics: true, marketing: false, functional: true })),
    );
    return page;
  };

  it('shows every section in order with its anchor, the stats, the features and 5 stars per testimonial', async () => {
    const page = await newPage();
    const errors = collectPageErrors(page);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The landing page stays within its JavaScript budget and loads no other page's chunk.
    const bodies = await Promise.all(scripts.map((response) => response.body()));
    const gzipped = bodies.reduce((total, body) => total + gzipSync(body, { level: 9 }).length, 0);
    expect(gzipped, `${scripts.length} scripts, ${gzipped} bytes gzipped`).toBeLessThanOrEqual(LANDING_JS_BUDGET);
    const chunks = scripts.map((response) => new URL(response.url()).pathname);
    expect(chunks.filter((chunk) => /\/(admin|blog|article|about|careers|press|help|contact|status|security|privacy|terms|cookies)\.page-/.test(chunk))).toEqual([]);
    console.info(`landing JS: ${chunks.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);

    const layout = await page.evaluate(() => ({
      sections: [...document.querySelectorAll('main > section')].map((section) => section.id),
      footerId: document.querySelector('footer')?.id,
      headerFirst: document.body.querySelector('header')!.compareDocumentPosition(document.querySelector('main')!) === Node.DOCUMENT_POSITION_FOLLOWING,
      footerLast: document.querySelector('main')!.compareDocumentPosition(document.querySelector('footer')!) === Node.DOCUMENT_POSITION_FOLLOWING,
      h1: document.querySelectorAll('h1').length,
    }));
    expect(layout).toEqual({ sections: SECTION_ORDER, footerId: 'contact', headerFirst: true, footerLast: true, h1: 1 });
    await expect(page.title()).resolves.toContain('Nexa CRM');

    // The hero keeps its Watch Demo button and its no-credit-card note.
    await expect(page.getByRole('button', { name: 'Watch Demo' }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('hero-no-credit-card').textContent()).resolves.toContain('No credit card required');

    // The ten key features, the three audiences and the four stats (spec 01 §1, §2, §9).
    await expect(page.getByTestId('landing-feature').locator('h3').allTextContents()).resolves.toEqual([
      'Dashboard',
      'Warehouse',
      'Product management',
      'Order and delivery tracking',
      'Analytics',
      'User roles',
      'Payments',
      'Subscribers',
      'Salaries',
      'API integration',
    ]);
    for (const audience of ['ecommerce', 'logistics', 'callCenters']) {
      await expect(page.getByTestId(`audience-${audience}`).isVisible(), audience).resolves.toBe(true);
    }
    const stats = await Promise.all(
      ['customers', 'orders', 'uptime', 'countries'].map((key) => page.getByTestId(`landing-stat-${key}`).locator('dd').textContent()),
    );
    expect(stats).toEqual(['20+', '90M+', '99.9%', '30+']);

    // Three testimonials, each with five stars named for assistive technology.
    const testimonials = page.getByTestId('testimonial');
    await expect(testimonials.count()).resolves.toBe(3);
    for (let i = 0; i < 3; i += 1) {
      const stars = testimonials.nth(i).getByRole('img', { name: '5 out of 5 stars' });
      await expect(stars.count()).resolves.toBe(1);
      await expect(stars.locator('svg[data-star]').count()).resolves.toBe(5);
    }
    expect(errors).toEqual([]);
  });

  it('scrolls smoothly to each section from the navigation bar, which is sticky and gains a shadow', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    const errors = collectPageErrors(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Features' }).waitFor();
    const header = page.getByTestId('site-header');
    await expect(header.getAttribute('data-scrolled')).resolves.toBe('false');

    for (const [name, id] of [
      ['Features', 'features'],
      ['Why Choose Us', 'why-choose'],
      ['Testimonials', 'testimonials'],
      ['Contact', 'contact'],
    ] as const) {
      const before = await scrollY(page);
      await nav.getByRole('link', { name }).click();
      await expect.poll(() => scrollY(page), { message: name }).not.toBe(before);
      if (id !== 'contact') await expect.poll(() => sectionInView(page, id), { message: name }).toBe(true);
      else await expect.poll(() => page.getByTestId('site-footer').isVisible()).toBe(true);
      await expect(page.evaluate(() => window.location.pathname)).resolves.toBe('/');
    }
    // The bar stayed on screen and has its shadow now.
    await expect(header.getAttribute('data-scrolled')).resolves.toBe('true');
    await expect(header.evaluate((element) => element.getBoundingClientRect().top)).resolves.toBe(0);

    // Login goes to the admin area.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }).getAttribute('href')).resolves.toBe('/admin');
    expect(errors).toEqual([]);
  });

  it('opens the trial modal from start-trial: its promises, registration as the primary action, a demo instead', async () => {
    const page = await newPage();
    const errors = collectPageErrors(page);
    await page.goto('/');
    const events = analyticsEvents(page);
    const startTrial = page.getByTestId('nav-start-trial');
    await startTrial.click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Start your 14-day free trial' }).waitFor();
    await expect(modal.getByText('No credit card required').isVisible()).resolves.toBe(true);
    await expect(modal.getByText('Cancel anytime').isVisible()).resolves.toBe(true);
    await screenshot(page, 'trial-modal-en.png');
    const create = modal.getByRole('link', { name: 'Create my account' });
    await expect(create.getAttribute('href')).resolves.toBe('/register');
    // The modal holds the focus: Tab from the last control stays inside.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    await expect(modal.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);

    // Escape closes it and the focus returns to the start-trial button.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => startTrial.evaluate((element) => element === document.activeElement)).toBe(true);

    // "Book a demo instead" swaps the trial modal for the booking dialog.
    await startTrial.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Book a demo instead' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Book a Meeting' }).waitFor();
    await page.getByTestId('trial-modal').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The clicks were recorded (analytics consent is on for this visitor): start-trial and the demo request.
    await expect
      .poll(() => events.filter((event) => !event.startsWith('page_view')), { timeout: 10_000 })
      .toEqual(['start_trial navigation_desktop', 'nav_trial', 'start_trial navigation_desktop', 'nav_trial', 'demo_request trial-modal-desktop']);

    // The primary action leads to registration.
    await startTrial.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Create my account' }).click();
    await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe('/register');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('has a footer with every column and link of the spec, support phone and e-mail, and three social links', async () => {
    const page = await newPage();
    const errors = collectPageErrors(page);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    await expect(footer.getAttribute('id')).resolves.toBe('contact');
    const columns = ['Product', 'Company', 'Support', 'Legal', 'Contact'];
    const headings = await footer.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.filter((heading) => columns.includes(heading))).toEqual(columns);
    const hrefs = await footer.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of FOOTER_LINKS) expect(hrefs, href).toContain(href);
    expect(hrefs.filter((href) => href.startsWith('tel:'))).toHaveLength(1);
    expect(hrefs.filter((href) => href.startsWith('mailto:'))).toHaveLength(1);
    for (const name of ['Nexa CRM on LinkedIn', 'Nexa CRM on X', 'Nexa CRM on Facebook']) {
      const social = footer.getByRole('link', { name, exact: true });
      await expect(social.getAttribute('href'), name).resolves.toMatch(/^https:\/\//);
      await expect(social.getAttribute('rel'), name).resolves.toContain('noopener');
    }
    // A footer link navigates inside the app and the new page starts at its top.
    await footer.getByRole('link', { name: 'Careers' }).click();
    await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe('/careers');
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('at a phone size: the menu toggle opens the menu, a section link scrolls and closes it, Escape returns focus', async () => {
    const page = await newPage(PHONE);
    const errors = collectPageErrors(page);
    await page.goto('/');
    const toggle = page.getByTestId('mobile-menu-toggle');
    await toggle.waitFor();
    await expect(page.getByTestId('nav-start-trial').isVisible()).resolves.toBe(false);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await screenshot(page, 'landing-en-phone.png', { fullPage: true });

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const menu = page.locator('#mobile-menu');
    const startTrial = page.getByTestId('mobile-start-trial');
    await startTrial.waitFor();
    const [buttonWidth, menuWidth] = await Promise.all([
      startTrial.evaluate((element) => element.getBoundingClientRect().width),
      menu.locator('nav').evaluate((element) => element.getBoundingClientRect().width),
    ]);
    expect(Math.abs(buttonWidth - menuWidth)).toBeLessThanOrEqual(1); // full width
    await expect(page.getByTestId('language-switcher-mobile').isVisible()).resolves.toBe(true);
    await screenshot(page, 'landing-en-phone-menu.png');

    const before = await scrollY(page);
    await menu.getByRole('link', { name: 'Testimonials' }).click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before);
    await expect.poll(() => sectionInView(page, 'testimonials')).toBe(true);

    // Keyboard: Enter opens, Tab walks into the menu, Escape closes it and puts the focus back on the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await expect(menu.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect(toggle.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // The full-width start-trial button opens the trial modal. The menu expands and collapses with a CSS animation; on
    // a loaded machine a click sent while it still moves can land beside the button, so each step waits for it to settle.
    await animationsSettled(menu);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await startTrial.waitFor();
    await animationsSettled(menu);
    await startTrial.click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Start your 14-day free trial' }).waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
  });

  it('switches to Arabic (rtl, mirrored), keeps the choice after a reload, and back to English', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    const errors = collectPageErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch Demo' }).waitFor();
    await screenshot(page, 'landing-en-desktop.png', { fullPage: true });
    await screenshot(page.getByRole('contentinfo'), 'landing-en-footer.png');
    await screenshot(page.locator('#about'), 'landing-en-about.png');

    await page.getByTestId('language-switcher-desktop').selectOption('ar');
    await expect.poll(() => htmlLangDir(page)).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { name: 'كل ما تحتاجه لإدارة أعمالك' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'كل ما تحتاجه لإدارة أعمالك' }).waitFor();
    await expect(htmlLangDir(page)).resolves.toEqual(['ar', 'rtl']);
    // Mirrored: the brand sits at the right edge, the start-trial button at the left.
    const [brandX, trialX] = await Promise.all([
      page.getByRole('link', { name: 'الصفحة الرئيسية لـ Nexa CRM' }).first().evaluate((element) => element.getBoundingClientRect().left),
      page.getByTestId('nav-start-trial').evaluate((element) => element.getBoundingClientRect().left),
    ]);
    expect(brandX).toBeGreaterThan(trialX);
    await expect(page.getByRole('img', { name: '5 من 5 نجوم' }).count()).resolves.toBe(3);
    await screenshot(page, 'landing-ar-desktop.png', { fullPage: true });
    await screenshot(page.getByRole('contentinfo'), 'landing-ar-footer.png');
    // The support phone number keeps its left-to-right order inside the right-to-left page.
    const phoneOrder = await page.evaluate(() => {
      const link = document.querySelector('footer a[href^="tel:"]')!;
      const node = document.createTreeWalker(link, NodeFilter.SHOW_TEXT).nextNode() as Text;
      const charLeft = (index: number) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return range.getBoundingClientRect().left;
      };
      return { text: node.data, plusFirst: charLeft(0) < charLeft(node.data.length - 1) };
    });
    expect(phoneOrder).toEqual({ text: '+33 1 84 60 12 34', plusFirst: true });

    await page.getByTestId('language-switcher-desktop').selectOption('en');
    await expect.poll(() => htmlLangDir(page)).toEqual(['en', 'ltr']);
    await page.getByRole('heading', { name: 'Everything you need to run your business' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Everything you need to run your business' }).waitFor();
    await expect(htmlLangDir(page)).resolves.toEqual(['en', 'ltr']);
    expect(errors).toEqual([]);
  });

  it('switches language from the phone menu (Arabic at a phone size)', async () => {
    const page = await newPage(PHONE);
    const errors = collectPageErrors(page);
    await page.goto('/');
    await page.getByTestId('mobile-menu-toggle').click();
    await page.getByTestId('language-switcher-mobile').selectOption('ar');
    await expect.poll(() => htmlLangDir(page)).toEqual(['ar', 'rtl']);
    await page.getByTestId('mobile-menu-toggle').click();
    await expect.poll(() => page.getByTestId('mobile-menu-toggle').getAttribute('aria-expanded')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'landing-ar-phone.png', { fullPage: true });
    // Nothing overflows sideways in the mirrored layout.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
  });

  it('has no accessibility violations (axe-core) in English and Arabic, at desktop and phone sizes, with the menu and the trial modal open', async () => {
    for (const language of ['en', 'ar']) {
      const desktop = await newPage({ width: 1280, height: 800, bypassCSP: true });
      await desktop.addInitScript((lang) => window.localStorage.setItem('crm.language', lang), language);
      await desktop.goto('/');
      await desktop.getByRole('heading', { level: 1 }).waitFor();
      await expect(axeViolations(desktop), `${language} desktop`).resolves.toEqual([]);
      await desktop.getByTestId('nav-start-trial').click();
      await desktop.getByTestId('trial-create-account').waitFor();
      await expect(axeViolations(desktop), `${language} trial modal`).resolves.toEqual([]);

      const phone = await newPage({ ...PHONE, bypassCSP: true });
      await phone.addInitScript((lang) => window.localStorage.setItem('crm.language', lang), language);
      await phone.goto('/');
      await phone.getByTestId('mobile-menu-toggle').click();
      await phone.getByTestId('mobile-start-trial').waitFor();
      await expect(axeViolations(phone), `${language} phone menu`).resolves.toEqual([]);
    }
  });

  it('on other pages links Home, Features, Testimonials and Blog (highlighted under /blog); /#features lands on the section', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    const errors = collectPageErrors(page);
    await page.goto('/blog');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Blog' }).waitFor();
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual(['Home', 'Features', 'Testimonials', 'Blog']);
    await expect(nav.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBeNull();

    await nav.getByRole('link', { name: 'Features' }).click();
    await expect.poll(() => page.evaluate(() => `${window.location.pathname}${window.location.hash}`)).toBe('/#features');
    await page.getByRole('heading', { name: 'Everything you need to run your business' }).waitFor();
    await expect.poll(() => sectionInView(page, 'features')).toBe(true);
    expect(errors).toEqual([]);
  });
});
