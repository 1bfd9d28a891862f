/** Runs `work(i)` for i = 0..total-1 with at most `concurrency` in flight; reports each completion. */
export async function runBounded(
  total: number,
  concurrency: number,
  work: (i: number) => Promise<void>,
  onDone: (done: number) => void = () => {},
  signal?: AbortSignal,
): Promise<{ done: number; failed: number; errors: unknown[] }> {
  let next = 0;
  let done = 0;
  let failed = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    for (;;) {
      if (signal?.aborted) return;
      const i = next++;
      if (i >= total) return;
      try {
        await work(i);
      } catch (err) {
        failed++;
        if (errors.length < 5) errors.push(err);
        // Something is wrong with every command, not with one: stop instead of failing a million times.
        if (failed >= 20 && failed > done * 0.05) throw new AggregateError(errors, `${failed} of ${done + failed} commands failed`);
      }
      done++;
      onDone(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, total)) }, worker));
  return { done, failed, errors };
}
