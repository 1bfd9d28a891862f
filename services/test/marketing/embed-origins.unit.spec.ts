import { describe, expect, it } from 'vitest';
import { DomainError } from '@crm/contracts';
import { answerFormCors, frameAncestors, originAllowed, PUBLIC_FORM_PATH } from '../../src/marketing/embed-origins.ts';

const headersOf = () => {
  const set: Record<string, string> = {};
  return { set, reply: { header: (name: string, value: string) => (set[name] = value) } };
};

describe('a form’s allowed origins', () => {
  it('lets our own site and requests without Origin through, and other sites when listed or when none is listed', () => {
    expect(originAllowed(['https://partner.example'], undefined, 'crm.example')).toBe(true);
    expect(originAllowed(['https://partner.example'], 'https://crm.example', 'crm.example')).toBe(true);
    expect(originAllowed(['https://partner.example'], 'https://partner.example', 'crm.example')).toBe(true);
    expect(originAllowed(['https://partner.example'], 'HTTPS://PARTNER.EXAMPLE/', 'crm.example')).toBe(true);
    expect(originAllowed(['https://partner.example'], 'http://partner.example', 'crm.example')).toBe(false);
    expect(originAllowed(['https://partner.example'], 'https://evil.example', 'crm.example')).toBe(false);
    expect(originAllowed([], 'https://anyone.example', 'crm.example')).toBe(true);
  });

  it('frames the embed page on our site and the listed origins, or anywhere when none is listed', () => {
    expect(frameAncestors(['https://a.example', 'http://127.0.0.1:8080'])).toBe("frame-ancestors 'self' https://a.example http://127.0.0.1:8080");
    expect(frameAncestors([])).toBe("frame-ancestors 'self' *");
  });

  it('answers CORS for an allowed origin and refuses another with form_origin_not_allowed', () => {
    const allowed = headersOf();
    answerFormCors({ headers: { origin: 'https://partner.example', host: 'crm.example' } }, allowed.reply, ['https://partner.example']);
    expect(allowed.set).toEqual({ vary: 'Origin', 'access-control-allow-origin': 'https://partner.example' });

    const same = headersOf();
    answerFormCors({ headers: { origin: 'https://crm.example', host: 'crm.example' } }, same.reply, ['https://partner.example']);
    expect(same.set['access-control-allow-origin']).toBeUndefined();

    const refused = headersOf();
    let error: unknown;
    try {
      answerFormCors({ headers: { origin: 'https://evil.example', host: 'crm.example' } }, refused.reply, ['https://partner.example']);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'form_origin_not_allowed', kind: 'forbidden' });
    expect(refused.set['access-control-allow-origin']).toBeUndefined();
  });

  it('knows the public form endpoints (and nothing else under /api)', () => {
    for (const url of ['/api/forms/spring-webinar', '/api/forms/spring-webinar/views', '/api/forms/spring-webinar/submissions', '/api/forms/a-1/submissions?x=1']) expect(PUBLIC_FORM_PATH.test(url), url).toBe(true);
    for (const url of ['/api/marketing/forms', '/api/forms/a/b', '/api/forms/a/submissions/x', '/api/forms/']) expect(PUBLIC_FORM_PATH.test(url), url).toBe(false);
  });
});
