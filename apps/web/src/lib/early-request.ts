/**
 * Requests started as the page starts, before the query that reads them exists (issue 29: a
 * screen's main request beside the session check instead of after it). The query takes an answer
 * once (`take`), and asks again itself when `askAgain` says the early answer does not stand (a
 * refusal for want of a session, with the sign-in in between). Kept outside the query cache, so
 * such a refusal is never the cached answer after the sign-in.
 */
export function earlyRequests<K, T>(
  ask: (key: K) => Promise<T>,
  askAgain: (error: unknown) => boolean,
) {
  const asked = new Map<K, Promise<T>>();
  return {
    start(key: K): void {
      if (!asked.has(key)) {
        const answer = ask(key);
        answer.catch(() => undefined);
        asked.set(key, answer);
      }
    },
    take(key: K, fresh: () => Promise<T>): Promise<T> {
      const answer = asked.get(key);
      asked.delete(key);
      return answer
        ? answer.catch((error: unknown) => {
            if (askAgain(error)) {
              return fresh();
            }
            throw error;
          })
        : fresh();
    },
  };
}
