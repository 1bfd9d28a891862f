/**
 * The form token of the public lead forms (issue 16): `GET /api/forms/{slug}` hands one out with the form, and a
 * view or a submission must send it back. It is stateless: `<formId>.<servedAt ms, base36>.<nonce>.<signature>`,
 * the signature an HMAC-SHA256 of the first three parts with a server secret, so nothing is stored per visitor.
 * It proves when the form was served (a submission sooner than FORM_MIN_FILL_SECONDS after it is spam) and that
 * it was served for this form; the nonce makes each token unique (a view is counted once per token).
 *
 * The secret: `server_secrets` row `form_token` (32 random bytes), created on first use under an advisory lock,
 * so every api process of the scaled topology signs and verifies with the same key, and restarts keep it (a
 * form served before a restart can still be submitted). Deleting the row invalidates every token in flight.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

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

const SERVER_SECRETS_SQL = `
CREATE TABLE IF NOT EXISTS server_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

/** The named server secret (32 random bytes), created once for every api process sharing the database. */
export async function loadServerSecret(pool: pg.Pool, name: string): Promise<Buffer> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(727016)');
    await client.query(SERVER_SECRETS_SQL);
    await client.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32)]);
    const { rows } = await client.query<{ secret: Buffer }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
    await client.query('COMMIT');
    return rows[0]!.secret;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Form tokens signed with the `form_token` server secret, loaded on first use. */
export function lazyFormTokens(pool: pg.Pool): () => Promise<FormTokens> {
  let tokens: Promise<FormTokens> | null = null;
  return () =>
    (tokens ??= loadServerSecret(pool, 'form_token').then(createFormTokens, (err: unknown) => {
      tokens = null;
      throw err;
    }));
}
