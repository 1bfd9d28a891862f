/**
 * What an authenticator app shows: the TOTP code (RFC 6238, 30 s, 6 digits, SHA-1) of a base32 secret at a
 * time, computed independently of the server's code (the tests type it like a person would).
 */
import { generateHOTP } from '@oslojs/otp';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function decodeBase32(secret: string): Uint8Array {
  const clean = secret.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The code of `secret` at `at` (default now), or `stepOffset` 30-second steps later. */
export function totpCode(secret: string, at: Date = new Date(), stepOffset = 0): string {
  const step = Math.floor(at.getTime() / 30_000) + stepOffset;
  return generateHOTP(decodeBase32(secret), BigInt(step), 6);
}
