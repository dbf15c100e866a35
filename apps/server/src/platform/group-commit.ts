/**
 * Calls of one statement that arrive while it is under way wait for it, then go together as the
 * next one (group commit). A lone call goes at once, so a quiet clinic waits for nothing; under
 * load each statement carries whatever queued behind the one before, and PostgreSQL pays its
 * per-statement cost (the round trip, the executor's start, the commit) once for all of them.
 * One statement is under way at a time per group, which also keeps their row locks in one order.
 */
export function groupCommit<I, O>(
  run: (items: I[]) => Promise<PromiseSettledResult<O>[]>,
  maxItems: number,
): (item: I) => Promise<O> {
  interface Waiting {
    item: I;
    resolve(value: O): void;
    reject(reason: unknown): void;
  }
  let queue: Waiting[] = [];
  let running = false;

  function settle(batch: Waiting[], results: PromiseSettledResult<O>[]): void {
    batch.forEach((waiting, index) => {
      const result = results[index];
      if (result?.status === 'fulfilled') {
        waiting.resolve(result.value);
      } else {
        waiting.reject(result ? result.reason : new Error('group commit: no result for a call'));
      }
    });
  }

  function next(): void {
    if (running || queue.length === 0) {
      return;
    }
    running = true;
    const batch = queue.slice(0, maxItems);
    queue = queue.slice(maxItems);
    run(batch.map((waiting) => waiting.item))
      .then(
        (results) => settle(batch, results),
        (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
      )
      .finally(() => {
        running = false;
        next();
      });
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}
