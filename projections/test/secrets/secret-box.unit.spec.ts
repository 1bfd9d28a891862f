import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEALED_PREFIX, createSecretBox, isSealed, secretContext } from '../../src/secrets/secret-box.ts';

describe('the secret box (AES-256-GCM, bound to its row)', () => {
  const box = createSecretBox(randomBytes(32));
  const context = secretContext.webhook('5f0c0a4e-2d7b-4a43-9a86-0d9f54e5b111');

  it('seals to a prefixed text that opens to the same secret, differently each time', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const sealed = box.seal(secret, context);
    expect(sealed.startsWith(SEALED_PREFIX) && isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret, context)).not.toBe(sealed);
    expect(box.open(sealed, context)).toBe(secret);
    expect(box.open(box.seal('', context), context)).toBe('');
    expect(box.open(box.seal('é ✓ 🔑', context), context)).toBe('é ✓ 🔑');
  });

  it('does not open under another row, another key, or once changed', () => {
    const sealed = box.seal('https://hooks.slack.com/services/T000/B000/XXXX', context);
    expect(() => box.open(sealed, secretContext.webhook('another'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, context)).toThrow();
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(SEALED_PREFIX + raw.toString('base64url'), context)).toThrow();
    expect(() => box.open(`${SEALED_PREFIX}AAAA`, context)).toThrow(/truncated/);
  });

  it("derives a stable key per purpose that reveals neither the secrets key nor another purpose's key", () => {
    const key = randomBytes(32);
    const derived = createSecretBox(key).deriveKey('form-token');
    expect(derived).toHaveLength(32);
    expect(createSecretBox(Buffer.from(key)).deriveKey('form-token').equals(derived)).toBe(true);
    expect(createSecretBox(key).deriveKey('other').equals(derived)).toBe(false);
    expect(createSecretBox(randomBytes(32)).deriveKey('form-token').equals(derived)).toBe(false);
    expect(derived.equals(key)).toBe(false);
  });

  it('returns a value stored before sealing existed as it is (sealed at the next start)', () => {
    expect(box.open('whsec_legacy', context)).toBe('whsec_legacy');
    expect(isSealed('whsec_legacy')).toBe(false);
  });

  it('needs a 32-byte key; its fingerprint names the key without revealing it', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
    const key = randomBytes(32);
    expect(createSecretBox(key).fingerprint).toBe(createSecretBox(Buffer.from(key)).fingerprint);
    expect(createSecretBox(key).fingerprint).not.toBe(box.fingerprint);
    expect(createSecretBox(key).fingerprint).not.toContain(key.toString('hex').slice(0, 8));
  });
});
