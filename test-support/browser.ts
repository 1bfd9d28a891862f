/// <reference lib="dom" />
/**
 * Browser tests: Chromium through playwright-core (STACK.md), serving a production build of the current web
 * sources. The build is made once per test run (the first file that asks builds it under a lock; the others
 * wait and reuse it) and removed with the run's directory.
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../services/test/workers/support/smtp.ts';
import { startTestApp, type TestApp } from './app.ts';
import { loginSession } from './http.ts';

import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';
const WEB_DIR = path.resolve(import.meta.dirname, '../web');
const ARTIFACTS = path.resolve(import.meta.dirname, '../.artifacts/web');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function buildInto(outDir: string) {
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would otherwise give React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB_DIR,
      mode: 'production',
      configFile: path.join(WEB_DIR, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** The directory of this run's web build (built on first use). Sets WEB_DIST for startTestApp. */
export async function webBuild(): Promise<string> {
  const runDir = process.env.CRM_TEST_RUN_DIR;
  if (!runDir) throw new Error('CRM_TEST_RUN_DIR is not set: run browser tests through vitest (test-support/global-setup.ts)');
  const outDir = path.join(runDir, 'web-dist');
  const done = path.join(runDir, 'web-dist.done');
  const lock = path.join(runDir, 'web-dist.lock');
  for (;;) {
    if (existsSync(done)) break;
    try {
      mkdirSync(lock);
    } catch {
      // Someone else is building; a lock older than 5 minutes belongs to a crashed builder.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(done)) {
        await buildInto(outDir);
        writeFileSync(done, new Date().toISOString());
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return outDir;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with "apt-get update && apt-get install -y chromium"`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface NewPageOptions {
  width?: number;
  height?: number;
  locale?: string;
  timezoneId?: string;
  userAgent?: string;
  acceptDownloads?: boolean;
  /** Lets a test inject tooling (axe-core) past the app's CSP; never for tests that check the CSP. */
  bypassCSP?: boolean;
  /** A touch screen (tablets, phones): touch events and `pointer: coarse`. */
  hasTouch?: boolean;
}

/** A browser context against the app; closed by closeAll. */
export function contextFactory(browser: () => Browser, baseUrl: () => string) {
  const contexts: BrowserContext[] = [];
  return {
    async newPage(options: NewPageOptions = {}): Promise<Page> {
      const context = await browser().newContext({
        baseURL: baseUrl(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
        timezoneId: options.timezoneId ?? 'Europe/Paris',
        locale: options.locale ?? 'en-GB',
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
        ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
        ...(options.bypassCSP ? { bypassCSP: true } : {}),
        ...(options.hasTouch ? { hasTouch: true } : {}),
      });
      contexts.push(context);
      return context.newPage();
    },
    async closeAll() {
      for (const context of contexts.splice(0)) await context.close().catch(() => {});
    },
  };
}

/** A dialog's or drawer's backdrop or content (Ark's dialog machine) playing its exit: closed, not yet hidden or unmounted. */
const CLOSING_DIALOG = '[data-scope="dialog"]:is([data-part="backdrop"], [data-part="content"])[data-state="closed"]:not([hidden])';

/**
 * Saves a screenshot of a page, or of one element, as `.artifacts/web/<name>`, animations stopped. It first waits
 * for any dialog still playing its exit: stopping the animations then can leave the dialog's backdrop mounted,
 * closed, over the page, where it takes the next click.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const page = 'page' in target ? target.page() : target;
  await page.locator(CLOSING_DIALOG).first().waitFor({ state: 'detached' });
  await target.screenshot({ path: path.join(ARTIFACTS, name), animations: 'disabled', ...options });
}

/**
 * Collects into `errors` (returned) what should fail a test: uncaught page errors, and anything the
 * Content-Security-Policy refused (the built app must run under the server's CSP, no inline scripts).
 */
export function collectPageErrors(page: Page, errors: string[] = []): string[] {
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(`CSP: ${message.text()}`);
  });
  return errors;
}

/** Opens /admin and submits the (English) login form; what follows is left to the caller to wait for. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await submitLoginForm(page, email, password);
}

/** Waits for the login form the page shows, wherever it is, and submits it. */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * One browser spec's fixtures, set up before its tests and torn down after: this run's web build, a real
 * app (optionally with a real SMTP server whose mails it sends), Chromium, and pages in fresh contexts.
 * Call it inside `describe`; a spec's own `beforeAll` (accounts, ...) runs after this one.
 */
export function browserSuite(options: { app?: Parameters<typeof startTestApp>[0]; smtp?: boolean; page?: NewPageOptions } = {}) {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let smtp: TestSmtpServer | undefined;
  const pages = contextFactory(
    () => browser!,
    () => app!.baseUrl,
  );
  beforeAll(async () => {
    const webDist = await webBuild();
    smtp = options.smtp ? await startTestSmtpServer() : undefined;
    app = await startTestApp({ ...options.app, env: { WEB_DIST: webDist, ...options.app?.env }, ...(smtp ? { smtpUrl: smtp.url } : {}) });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  }, 60_000);
  const newPage = (pageOptions: NewPageOptions = {}) => pages.newPage({ ...options.page, ...pageOptions });
  /**
   * A page opened signed in as `account` at an admin URL, shown once the admin header has the user's name; its
   * uncaught errors go into `errors`; 15 s waits (a caller may set its own after). The sign-in is the web app's
   * own (`auth.login` over tRPC, as the login form sends it, from the page's user agent), its session cookie
   * handed to the page's context, so the page does not go through the login form: the specs of the login itself
   * (login-history, mfa, profile, ...) fill the form with `submitLogin`.
   */
  async function openAs(account: { email: string; password: string }, url: string, errors: string[], pageOptions: NewPageOptions = {}): Promise<Page> {
    const page = await newPage(pageOptions);
    page.setDefaultTimeout(15_000);
    collectPageErrors(page, errors);
    const userAgent = pageOptions.userAgent ?? options.page?.userAgent ?? (await page.evaluate(() => navigator.userAgent));
    const session = await loginSession(app!, account, { userAgent });
    const [name, value] = session.cookie!.split(/=(.*)/s) as [string, string];
    await page.context().addCookies([{ name, value, url: app!.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(url);
    await page.getByTestId('admin-user-name').waitFor();
    return page;
  }
  return {
    get app(): TestApp {
      if (!app) throw new Error('browserSuite: the app is not started yet (use it inside a test or a later beforeAll)');
      return app;
    },
    get smtp(): TestSmtpServer {
      if (!smtp) throw new Error('browserSuite: no SMTP server (pass { smtp: true })');
      return smtp;
    },
    newPage,
    openAs,
    /** `openAs` for the app's own admin. */
    openAsAdmin: (url: string, errors: string[], pageOptions: NewPageOptions = {}) => openAs(app!.admin, url, errors, pageOptions),
  };
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: unknown[];
}

/**
 * axe-core (WCAG 2.0/2.1 A and AA, and best practices) on the page: the whole document, or only the elements
 * matching `include` (CSS selectors). Waits for running animations first: a dialog caught mid-fade has
 * colours axe would misjudge. The page's context needs `bypassCSP: true` (axe is injected as a script).
 */
export async function axeViolations(page: Page, options: { include?: string[] } = {}): Promise<AxeViolation[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (include) => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } }).axe;
    const context = include ? { include: include.filter((selector) => document.querySelector(selector)).map((selector) => [selector]) } : document;
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target) }));
  }, options.include ?? null);
}
