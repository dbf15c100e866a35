import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A statement whose runs the test finishes by hand, recording what each carried. */
function manualStatement() {
  const runs: {
    items: number[];
    finish(results?: PromiseSettledResult<string>[]): void;
    fail(error: Error): void;
  }[] = [];
  const run = (items: number[]) =>
    new Promise<PromiseSettledResult<string>[]>((resolve, reject) => {
      runs.push({
        items,
        finish: (results) =>
          resolve(
            results ?? items.map((item) => ({ status: 'fulfilled', value: `stored ${item}` })),
          ),
        fail: reject,
      });
    });
  return { runs, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends a lone call at once, alone', async () => {
    const { runs, run } = manualStatement();
    const send = groupCommit(run, 10);
    const answer = send(1);
    expect(runs.map((r) => r.items)).toEqual([[1]]);
    runs[0]!.finish();
    await expect(answer).resolves.toBe('stored 1');
  });

  it('sends the calls that queued behind a running statement together, in order, as the next one', async () => {
    const { runs, run } = manualStatement();
    const send = groupCommit(run, 10);
    const answers = [1, 2, 3, 4].map(send);
    expect(runs.map((r) => r.items)).toEqual([[1]]);
    runs[0]!.finish();
    await turn();
    expect(runs.map((r) => r.items)).toEqual([[1], [2, 3, 4]]);
    runs[1]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual([
      'stored 1',
      'stored 2',
      'stored 3',
      'stored 4',
    ]);
  });

  it('carries at most maxItems a statement', async () => {
    const { runs, run } = manualStatement();
    const send = groupCommit(run, 2);
    const answers = [1, 2, 3, 4, 5, 6].map(send);
    for (const expected of [[1], [2, 3], [4, 5], [6]]) {
      expect(runs.at(-1)!.items).toEqual(expected);
      runs.at(-1)!.finish();
      await turn();
    }
    await expect(Promise.all(answers)).resolves.toHaveLength(6);
  });

  it('answers each call its own result: one refused call does not refuse the others', async () => {
    const { runs, run } = manualStatement();
    const send = groupCommit(run, 10);
    void send(1);
    const answers = [2, 3].map(send);
    runs[0]!.finish();
    await turn();
    runs[1]!.finish([
      { status: 'rejected', reason: new Error('refused 2') },
      { status: 'fulfilled', value: 'stored 3' },
    ]);
    await expect(answers[0]).rejects.toThrow('refused 2');
    await expect(answers[1]).resolves.toBe('stored 3');
  });

  it('refuses every call of a statement that failed, and goes on with the next', async () => {
    const { runs, run } = manualStatement();
    const send = groupCommit(run, 10);
    const first = send(1);
    const queued = send(2);
    runs[0]!.fail(new Error('database unavailable'));
    await expect(first).rejects.toThrow('database unavailable');
    await turn();
    runs[1]!.finish();
    await expect(queued).resolves.toBe('stored 2');
  });
});
