/**
 * The lead forms' embed over HTTP (issue 16; docs/MARKETING.md "Hosted page and embed"): the script, the embed
 * page's frame-ancestors from the form's allowed origins (any site when none is listed; the hosted page and the
 * rest of the site never framed), the CORS preflight of the public endpoints, and their answers to other sites:
 * CORS headers for an allowed origin, 403 form_origin_not_allowed (nothing stored) for another. The browser side
 * is web/test/lead-form-public.e2e.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/app.ts';
import { loginToken, rest } from '../../../test-support/http.ts';

const PARTNER = 'https://partner.example';
let app: TestApp;
let token: string;
let restricted: { id: string; slug: string };
let open: { id: string; slug: string };

beforeAll(async () => {
  app = await startTestApp({ env: { FORM_MIN_FILL_SECONDS: '0' } });
  token = await loginToken(app, app.admin);
  const create = async (name: string, allowedOrigins: string[]) => {
    const res = await rest(app, '/api/marketing/forms', { method: 'POST', token, json: { name, title: name, allowedOrigins } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.form as { id: string; slug: string };
  };
  restricted = await create('Partner only', [PARTNER]);
  open = await create('Anywhere', []);
}, 60_000);
afterAll(async () => app?.stop());

const submissionsOf = async (email: string) => (await rest(app, `/api/marketing/submissions?search=${encodeURIComponent(email)}`, { token })).body.submissions as unknown[];

describe('the embed', () => {
  it('serves the script as JavaScript other sites may load', async () => {
    const res = await fetch(`${app.baseUrl}/embed/forms.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const script = await res.text();
    expect(script).toContain("querySelectorAll('script[data-form]')");
    expect(script).toContain("'/f/' + slug + '?'");
    // It only reads messages from our origin and its own iframe.
    expect(script).toContain('event.origin !== origin || event.source !== frame.contentWindow');
  });

  it('lets only the allowed origins frame the embed page, any site when none is listed, and never the hosted page', async () => {
    const headers = async (path: string) => (await fetch(`${app.baseUrl}${path}`)).headers;
    const embed = await headers(`/f/${restricted.slug}?embed=1&utm_source=x`);
    expect(embed.get('content-security-policy')).toContain(`frame-ancestors 'self' ${PARTNER};`);
    expect(embed.get('content-security-policy')).toContain("script-src 'self'");
    expect(embed.get('x-frame-options')).toBeNull();
    expect((await headers(`/f/${open.slug}?embed=1`)).get('content-security-policy')).toContain("frame-ancestors 'self' *;");

    for (const path of [`/f/${restricted.slug}`, `/f/${open.slug}`, `/f/${open.slug}?embed=0`, '/', `/embed/forms.js`]) {
      const h = await headers(path);
      expect(h.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(h.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('answers the CORS preflight of the public form endpoints only', async () => {
    const preflight = await fetch(`${app.baseUrl}/api/forms/${restricted.slug}/submissions`, {
      method: 'OPTIONS',
      headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');
    const other = await fetch(`${app.baseUrl}/api/marketing/forms`, { method: 'OPTIONS', headers: { origin: PARTNER, 'access-control-request-method': 'POST' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an allowed site with CORS headers and refuses another with 403 form_origin_not_allowed, storing nothing', async () => {
    const served = await fetch(`${app.baseUrl}/api/forms/${restricted.slug}`, { headers: { origin: PARTNER } });
    expect(served.status).toBe(200);
    expect(served.headers.get('access-control-allow-origin')).toBe(PARTNER);
    const { formToken } = (await served.json()) as { formToken: string };

    const post = (origin: string, email: string) =>
      fetch(`${app.baseUrl}/api/forms/${restricted.slug}/submissions`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ formToken, data: { full_name: 'Cross Site', email }, channel: 'embed' }),
      });
    const refused = await post('https://evil.example', 'evil@example.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, code: 'form_origin_not_allowed' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${app.baseUrl}/api/forms/${restricted.slug}`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);

    const accepted = await post(PARTNER, 'partner@example.com');
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    expect(accepted.headers.get('access-control-allow-origin')).toBe(PARTNER);
    // The list is a read model: the accepted submission reaches it a moment after the answer (the refused one never).
    await expect.poll(async () => (await submissionsOf('partner@example.com')).length, { timeout: 10_000 }).toBe(1);
    expect(await submissionsOf('evil@example.com')).toHaveLength(0);

    // A form that lists no origin answers any site; requests without Origin always pass.
    const anywhere = await fetch(`${app.baseUrl}/api/forms/${open.slug}`, { headers: { origin: 'https://evil.example' } });
    expect(anywhere.status).toBe(200);
    expect(anywhere.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect((await fetch(`${app.baseUrl}/api/forms/${restricted.slug}`)).status).toBe(200);
  });
});
