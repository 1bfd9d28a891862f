/**
 * Secrets sealed at rest (docs/SECURITY.md "Secrets at rest"): what the app must keep in clear to use it (a webhook's
 * signing secret, the Slack incoming-webhook URL, a TOTP key) is stored sealed with AES-256-GCM under the app's
 * secrets key (SECRETS_KEY, else `<DATA_DIR>/secrets.key`), never in clear in PostgreSQL or its backups. The text
 * stored is `sealed:v1:` + base64url(12-byte IV, 16-byte tag, ciphertext). Each value is bound to its row by the
 * additional data (`context`, e.g. `webhook:<id>`): a sealed value copied onto another row does not open. Shared
 * by the api (which seals) and the workers (which open), so it lives here, beside the tables both read.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  /** The sealed text of `plain`, bound to `context`. */
  seal(plain: string, context: string): string;
  /**
   * The clear text of a sealed value. A value without the prefix is one stored before sealing existed: returned as it
   * is (the api seals those at start-up: sealStoredSecrets). A wrong key or context throws.
   */
  open(stored: string, context: string): string;
  /** Names the key without revealing it (HMAC of a constant): start-up refuses a key other than the one in use. */
  readonly fingerprint: string;
  /**
   * A 32-byte key of its own for `purpose` (HKDF-SHA256 of the secrets key), for what signs rather than seals (the
   * lead forms' tokens): nothing to store, the same in every process given the same secrets key, and a different
   * key for each purpose, none of which reveals the secrets key or another purpose's key.
   */
  deriveKey(purpose: string): Buffer;
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error(`the secrets key must be 32 bytes (it has ${key.length})`);
  return {
    fingerprint: createHmac('sha256', key).update('crm secret box v1 fingerprint').digest('hex').slice(0, 32),
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('a sealed secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    deriveKey(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `crm secret box v1 derived key: ${purpose}`, 32));
    },
  };
}

/** The additional data of each sealed column: one per owner row. */
export const secretContext = {
  webhook: (webhookId: string) => `webhook:${webhookId}`,
  integration: (integrationId: string) => `integration:${integrationId}`,
  mfa: (userId: string) => `mfa:${userId}`,
} as const;
