import { createHash, randomBytes } from 'node:crypto';

/**
 * Work that runs after the answer was sent (so the answer's timing tells a stranger nothing), tracked so that
 * a graceful stop (and a test) can wait for it. A failure is logged; the caller has already answered.
 */
export function createAfterResponse(onError: (err: unknown) => void) {
  const pending = new Set<Promise<void>>();
  return {
    run(work: () => Promise<void>): void {
      const running = work().catch(onError);
      pending.add(running);
      void running.finally(() => pending.delete(running));
    },
    async drain(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

/** SHA-256 in hex: what is stored of a secret token (or of an address used as a stream key). */
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A secret for a link in a mail: 256 random bits, base64url. */
export const newSecretToken = () => randomBytes(32).toString('base64url');
