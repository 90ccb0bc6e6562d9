/**
 * Runs `worker` over `items` with at most `concurrency` at a time, in item order of starting. When
 * `signal` aborts, no further item starts; items under way finish (the worker sees the signal
 * itself). If a worker throws, no further item starts and, once the others have settled, the first
 * error is rethrown: a worker reports expected failures in its result, so a throw is a bug or a
 * broken database and must stop the run. Resolves to the number of items started.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be an integer ≥ 1, got ${concurrency}`);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (failure === null && !signal?.aborted && next < items.length) {
      const index = next;
      next += 1;
      try {
        await worker(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return next;
}
