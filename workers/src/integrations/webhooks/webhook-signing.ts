/** Standard Webhooks signing: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the secret's bytes. */
import { createHmac, randomBytes } from 'node:crypto';

/** A new secret: `whsec_` + base64 of 24 random bytes (192 bits). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The webhook-signature header: one `v1,` signature per valid secret, space-separated (rotation overlap). */
export const signatureHeader = (secrets: readonly string[], id: string, timestampSeconds: number, body: string): string =>
  secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' ');
