import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '@crm/projections';
import { FORM_TOKEN_MAX_AGE_MS, createFormTokens, formTokensOf } from '../../src/marketing/form-token.ts';

const formId = '6f1c1d9e-2b1a-4c44-9f0e-3f1e2d6a7b01';
const otherForm = '0b7d3c52-4a43-4d2b-8f35-0c3c5e3a8f11';
const servedAt = new Date('2026-11-26T10:00:00.000Z');
const later = (ms: number) => new Date(servedAt.getTime() + ms);

describe('form token', () => {
  const tokens = createFormTokens(randomBytes(32));

  it('verifies a token it issued: the form, the time it was served and a nonce', () => {
    const token = tokens.issue(formId, servedAt);
    const check = tokens.verify(token, formId, later(5_000));
    expect(check).toEqual({ ok: true, claims: { formId, servedAt, nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } });
    expect(token.length).toBeLessThan(500);
  });

  it('gives every token its own nonce (a view is counted once per token)', () => {
    const a = tokens.verify(tokens.issue(formId, servedAt), formId, servedAt);
    const b = tokens.verify(tokens.issue(formId, servedAt), formId, servedAt);
    expect(a.ok && b.ok && a.claims.nonce !== b.claims.nonce).toBe(true);
  });

  it('refuses a token of another form', () => {
    expect(tokens.verify(tokens.issue(otherForm, servedAt), formId, servedAt)).toEqual({ ok: false, reason: 'other_form' });
  });

  it('refuses a token older than 24 hours, and accepts one just under', () => {
    const token = tokens.issue(formId, servedAt);
    expect(tokens.verify(token, formId, later(FORM_TOKEN_MAX_AGE_MS)).ok).toBe(true);
    expect(tokens.verify(token, formId, later(FORM_TOKEN_MAX_AGE_MS + 1))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token served in the future (beyond a minute of clock skew)', () => {
    const token = tokens.issue(formId, later(120_000));
    expect(tokens.verify(token, formId, servedAt)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.verify(tokens.issue(formId, later(30_000)), formId, servedAt).ok).toBe(true);
  });

  it('refuses a tampered token: another time, form or nonce under the same signature', () => {
    const [id, served, nonce, signature] = tokens.issue(formId, servedAt).split('.') as [string, string, string, string];
    const earlier = (servedAt.getTime() - 60_000).toString(36);
    expect(tokens.verify([id, earlier, nonce, signature].join('.'), formId, later(1000))).toEqual({ ok: false, reason: 'signature' });
    expect(tokens.verify([otherForm, served, nonce, signature].join('.'), otherForm, later(1000))).toEqual({ ok: false, reason: 'signature' });
    expect(tokens.verify([id, served, 'A'.repeat(22), signature].join('.'), formId, later(1000))).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a token signed with another secret', () => {
    const other = createFormTokens(randomBytes(32));
    expect(tokens.verify(other.issue(formId, servedAt), formId, servedAt)).toEqual({ ok: false, reason: 'signature' });
  });

  it.each(['', 'nonsense', 'a.b.c', 'a.b.c.d.e', `${formId}..x.y`])('refuses a malformed token %j', (token) => {
    expect(tokens.verify(token, formId, servedAt)).toMatchObject({ ok: false });
  });

  it('signs with a key derived from the secrets key: processes sharing it agree, another key does not verify', () => {
    const secretsKey = randomBytes(32);
    const api1 = formTokensOf(createSecretBox(secretsKey));
    const api2 = formTokensOf(createSecretBox(Buffer.from(secretsKey)));
    const token = api1.issue(formId, servedAt);
    expect(api2.verify(token, formId, later(1000))).toMatchObject({ ok: true });
    expect(formTokensOf(createSecretBox(randomBytes(32))).verify(token, formId, later(1000))).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => createFormTokens(randomBytes(16))).toThrow(/32 bytes/);
  });
});
