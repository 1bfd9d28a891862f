/**
 * The form token of the public lead forms (issue 16): `GET /api/forms/{slug}` hands one out with the form, and a
 * view or a submission must send it back. It is stateless: `<formId>.<servedAt ms, base36>.<nonce>.<signature>`,
 * the signature an HMAC-SHA256 of the first three parts with a server secret, so nothing is stored per visitor.
 * It proves when the form was served (a submission sooner than FORM_MIN_FILL_SECONDS after it is spam) and that
 * it was served for this form; the nonce makes each token unique (a view is counted once per token).
 *
 * The key is derived from the secrets key (`SecretBox.deriveKey('form-token')`, docs/SECURITY.md "Secrets at
 * rest"): every api process of the scaled topology, which must share the secrets key, signs and verifies with the
 * same key, restarts keep it (a form served before a restart can still be submitted), and nothing is stored, so a
 * copy of the database cannot forge tokens. Rotating the secrets key invalidates the tokens in flight (a visitor
 * reloads the page).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '@crm/projections';

/** How long a served form may be submitted (a page left open overnight still works; a week-old one does not). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 3600_000;
/** A token "served" this far in the future (clocks of several api processes drift a little) is still accepted. */
const CLOCK_SKEW_MS = 60_000;

export interface FormTokenClaims {
  formId: string;
  servedAt: Date;
  /** 22 characters of base64url (128 random bits). */
  nonce: string;
}

export type FormTokenCheck = { ok: true; claims: FormTokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'other_form' | 'expired' };

export interface FormTokens {
  issue(formId: string, now: Date): string;
  /** Signature, form and age (≤ 24 h, not from the future). */
  verify(token: string, formId: string, now: Date): FormTokenCheck;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

export function createFormTokens(secret: Buffer): FormTokens {
  if (secret.length < 32) throw new Error('form token secret must be at least 32 bytes');
  const sign = (body: string) => b64url(createHmac('sha256', secret).update(`form-token:v1:${body}`).digest());
  return {
    issue(formId, now) {
      const body = `${formId}.${now.getTime().toString(36)}.${b64url(randomBytes(16))}`;
      return `${body}.${sign(body)}`;
    },
    verify(token, formId, now) {
      const parts = token.split('.');
      if (parts.length !== 4 || parts.some((p) => p.length === 0)) return { ok: false, reason: 'malformed' };
      const [id, servedRaw, nonce, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(sign(`${id}.${servedRaw}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
      if (id !== formId) return { ok: false, reason: 'other_form' };
      const servedMs = parseInt(servedRaw, 36);
      if (!/^[0-9a-z]+$/.test(servedRaw) || !Number.isSafeInteger(servedMs)) return { ok: false, reason: 'malformed' };
      const age = now.getTime() - servedMs;
      if (age > FORM_TOKEN_MAX_AGE_MS || age < -CLOCK_SKEW_MS) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { formId: id, servedAt: new Date(servedMs), nonce } };
    },
  };
}

/** Form tokens signed with the key derived from the secrets key for them. */
export function formTokensOf(secrets: SecretBox): FormTokens {
  return createFormTokens(secrets.deriveKey('form-token'));
}
