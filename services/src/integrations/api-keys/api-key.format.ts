/**
 * The API key's format: `crm_live_` + 30 random base62 characters (178 bits) + a 6-character base62 checksum
 * (CRC32 of the random part), as GitHub's tokens do: a secret scanner recognises the prefix and checks the
 * checksum without asking us, and a typo is refused without a database read. Stored only as its SHA-256 hash.
 */
import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const API_KEY_PREFIX = 'crm_live_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH + CHECKSUM_LENGTH;

/** Bits of randomness in a key (log2 of 62^30). */
export const API_KEY_ENTROPY_BITS = Math.floor(API_KEY_RANDOM_LENGTH * Math.log2(62));

function base62(n: number, width: number): string {
  let out = '';
  let rest = n;
  while (rest > 0) {
    out = BASE62[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

export function apiKeyChecksum(random: string): string {
  return base62(crc32(random), CHECKSUM_LENGTH);
}

export function generateApiKey(): string {
  let random = '';
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) random += BASE62[randomInt(62)]!;
  return API_KEY_PREFIX + random + apiKeyChecksum(random);
}

/** Whether a bearer token is meant to be an API key (then it is never tried as a session). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** Whether the token has the key's shape and its checksum matches. */
export function isWellFormedApiKey(token: string): boolean {
  if (token.length !== API_KEY_LENGTH || !looksLikeApiKey(token)) return false;
  const body = token.slice(API_KEY_PREFIX.length);
  if (!/^[0-9A-Za-z]+$/.test(body)) return false;
  const random = body.slice(0, API_KEY_RANDOM_LENGTH);
  return body.slice(API_KEY_RANDOM_LENGTH) === apiKeyChecksum(random);
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export const apiKeyLast4 = (key: string): string => key.slice(-4);

/** The form a listed key is shown in: `crm_live_…abcd`. */
export const maskApiKey = (prefix: string, last4: string): string => `${prefix}…${last4}`;
