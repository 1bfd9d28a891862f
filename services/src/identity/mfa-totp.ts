/**
 * TOTP (RFC 6238: HOTP over 30-second time steps, 6 digits, HMAC-SHA-1 as every authenticator app expects) with
 * @oslojs/otp, recovery codes and the enrolment QR code. The time step a code belongs to is returned, so the
 * MFA decider can refuse a code used before (RFC 6238 §5.2).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import QRCode from 'qrcode';
import { MFA_RECOVERY_SET_SIZE } from '@crm/contracts';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and next step are accepted too (clock drift, a code typed as it rolled over). */
const DRIFT_STEPS = 1;
/** The name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Nexa CRM';

/** A new TOTP key: 20 random bytes (160 bits, RFC 4226's recommended length), stored as hex. */
export const newTotpKey = (): string => randomBytes(20).toString('hex');

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret typed by hand. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

const keyBytes = (hexKey: string) => new Uint8Array(Buffer.from(hexKey, 'hex'));

export const timeStepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of a time step (tests compute the code an authenticator would show). */
export const totpAt = (hexKey: string, timeStep: number) => generateHOTP(keyBytes(hexKey), BigInt(timeStep), TOTP_DIGITS);

/** A typed code without spaces and dashes, lower-case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export const looksLikeTotp = (code: string) => /^\d{6}$/.test(normalizeCode(code));

/** The time step whose code `code` is (now, or one step either side), or null. Constant-time comparisons. */
export function matchTotp(hexKey: string, code: string, now: Date): number | null {
  const typed = Buffer.from(normalizeCode(code));
  if (typed.length !== TOTP_DIGITS) return null;
  const current = timeStepAt(now);
  let found: number | null = null;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    // Every candidate is compared (no early exit): the time taken does not tell which step matched.
    if (timingSafeEqual(Buffer.from(totpAt(hexKey, step)), typed) && found === null) found = step;
  }
  return found;
}

export interface EnrolmentMaterial {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** What the person adds to an authenticator: the base32 secret, the otpauth:// URI and its QR code as SVG. */
export async function enrolmentMaterial(hexKey: string, accountName: string): Promise<EnrolmentMaterial> {
  const otpauthUri = createTOTPKeyURI(TOTP_ISSUER, accountName, keyBytes(hexKey), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: base32(keyBytes(hexKey)), otpauthUri, qrSvg };
}

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes `xxxx-xxxx-xxxx` (12 characters of 31: about 59 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_RECOVERY_SET_SIZE }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** A recovery code's stored form: SHA-256 of the account id and the normalised code (the codes are random and long). */
export const hashRecoveryCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${normalizeCode(code)}`).digest('hex');

/** The position of a recovery code in the stored set, or null (every hash compared, constant time). */
export function matchRecoveryCode(userId: string, code: string, hashes: readonly string[]): number | null {
  const typed = Buffer.from(hashRecoveryCode(userId, code), 'hex');
  let found: number | null = null;
  hashes.forEach((hash, index) => {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === typed.length && timingSafeEqual(stored, typed) && found === null) found = index;
  });
  return found;
}

/** A login's second-step handle: 256 random bits, stored only as its SHA-256. */
export const newChallenge = () => randomBytes(32).toString('base64url');
export const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');
