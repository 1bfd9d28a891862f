import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the OWASP minimum parameters (STACK.md). */
const PARAMS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, PARAMS);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password, PARAMS);

/** Verified when the account does not exist, so a wrong e-mail costs as much time as a wrong password. */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
