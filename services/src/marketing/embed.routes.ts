import type { FastifyInstance } from 'fastify';
import { DomainError } from '@crm/contracts';
import type { AppServices } from '../platform/request-context.ts';
import { frameAncestors, PUBLIC_FORM_PATH } from './embed-origins.ts';

/**
 * The lead forms' embed (issue 16; docs/MARKETING.md "Hosted page and embed"):
 * - `GET /embed/forms.js`: a small script another site pastes as
 *   `<script src="https://<our site>/embed/forms.js" data-form="<slug>" async></script>`. For each such tag it
 *   inserts an iframe on `/f/<slug>?embed=1`, passing the host page's UTM parameters, its referrer and the
 *   tag's `data-lang`, and sizes the iframe to the height the page reports (postMessage; only messages from our
 *   origin and from that iframe are read). A redirect after submitting is done by the host page.
 * - `/f/<slug>?embed=1` is sent with CSP `frame-ancestors` naming the form's allowed origins (none listed: any
 *   site), instead of the site's `frame-ancestors 'none'` and `X-Frame-Options: DENY`.
 * - The CORS preflight (`OPTIONS`) of the public form endpoints; the requests themselves are checked against
 *   the form's allowed origins by those routes (embed-origins.ts `answerFormCors`).
 */
/** The script, plain ES5 so any browser a host page serves runs it; no framework, no globals left behind. */
export const EMBED_SCRIPT = `(function () {
  'use strict';
  var UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
  function embed(script) {
    if (script.getAttribute('data-crm-embedded')) return;
    var slug = script.getAttribute('data-form') || '';
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return;
    var origin;
    try { origin = new URL(script.src, document.baseURI).origin; } catch (e) { return; }
    script.setAttribute('data-crm-embedded', '1');
    var params = new URLSearchParams(window.location.search);
    var query = new URLSearchParams();
    query.set('embed', '1');
    for (var i = 0; i < UTM.length; i++) { var v = params.get(UTM[i]); if (v) query.set(UTM[i], v); }
    if (document.referrer) query.set('referrer', document.referrer);
    var lang = script.getAttribute('data-lang');
    if (lang) query.set('lang', lang);
    var frame = document.createElement('iframe');
    frame.src = origin + '/f/' + slug + '?' + query.toString();
    frame.title = script.getAttribute('data-title') || slug;
    frame.setAttribute('data-crm-form', slug);
    frame.style.width = '100%';
    frame.style.maxWidth = script.getAttribute('data-max-width') || '640px';
    frame.style.height = '480px';
    frame.style.border = '0';
    frame.style.display = 'block';
    window.addEventListener('message', function (event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.slug !== slug) return;
      if (data.type === 'crm-form:height' && typeof data.height === 'number' && data.height > 0) {
        frame.style.height = Math.min(Math.ceil(data.height), 20000) + 'px';
      } else if (data.type === 'crm-form:redirect' && typeof data.url === 'string' && /^https?:\\/\\//i.test(data.url)) {
        window.location.href = data.url;
      }
    });
    script.parentNode.insertBefore(frame, script.nextSibling);
  }
  function run() {
    var scripts = document.querySelectorAll('script[data-form]');
    for (var i = 0; i < scripts.length; i++) embed(scripts[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
  run();
})();
`;

const EMBED_PAGE = /^\/f\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/** A live form's allowed origins; none (any site) when there is no live form at `slug` (the page says not found). */
async function allowedOriginsOf(services: AppServices, slug: string): Promise<readonly string[]> {
  try {
    return (await services.publicForms.find(slug)).allowedOrigins;
  } catch (err) {
    if (err instanceof DomainError) return [];
    throw err;
  }
}

export function registerEmbedRoutes(app: FastifyInstance, services: AppServices) {
  app.get('/embed/forms.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      // Loaded by other sites' pages.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(EMBED_SCRIPT),
  );

  // The embed page may be framed by the form's allowed origins (runs after the site's headers are set).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !request.url.startsWith('/f/')) return payload;
    const [path = '', search = ''] = request.url.split('?', 2);
    const slug = EMBED_PAGE.exec(path)?.[1];
    if (!slug || new URLSearchParams(search).get('embed') !== '1') return payload;
    const origins = await allowedOriginsOf(services, slug);
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, frameAncestors(origins)));
    reply.removeHeader('x-frame-options');
    return payload;
  });

  // The CORS preflight of the public form endpoints (an onRequest hook: OPTIONS routes would be API routes).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || !PUBLIC_FORM_PATH.test(request.url)) return;
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin && origin !== 'null') {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-methods', 'GET, POST');
      reply.header('access-control-allow-headers', 'Content-Type');
      reply.header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
}
