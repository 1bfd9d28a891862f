import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the OWASP minimum parameters (STACK.md). */
const PARAMS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The password policy's check (services/src/security/policies): throws a ZodError naming `field` (400) when a
 * new password is too short for the policy's minimum or on the common-password list. Every place a password is
 * set calls it: registration, reset, change, invitation accept.
 */
export interface PasswordPolicyCheck {
  checkPassword(password: string, field: string): Promise<void>;
}

export const hashPassword = (password: string) => hash(password, PARAMS);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password, PARAMS);

/** Verified when the account does not exist, so a wrong e-mail costs as much time as a wrong password. */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
