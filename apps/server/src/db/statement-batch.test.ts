import { describe, expect, it } from 'vitest';
import { StatementBatch } from './statement-batch.ts';

/** A batch whose statement doubles its items, recording the batches it was given. */
function doubling(maxItems?: number) {
  const runs: number[][] = [];
  const batch = new StatementBatch<number, number>(async (items) => {
    runs.push([...items]);
    return items.map((n) => n * 2);
  }, maxItems);
  return { batch, runs };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('StatementBatch', () => {
  it('answers the calls of one turn of the event loop in one statement, each its own answer, in order', async () => {
    const { batch, runs } = doubling();
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batch.load(n)));
    expect(answers).toEqual([2, 4, 6, 8].map((value) => ({ value, batched: 4 })));
    expect(runs).toEqual([[1, 2, 3, 4]]);
  });

  it('never makes a call wait for a later turn: calls of the next turn go in the next statement, sent while the first runs', async () => {
    const released: (() => void)[] = [];
    const runs: number[][] = [];
    const batch = new StatementBatch<number, number>(async (items) => {
      runs.push([...items]);
      await new Promise<void>((resolve) => released.push(resolve));
      return items;
    });
    const first = batch.load(1);
    await turn();
    expect(runs).toEqual([[1]]);
    const second = [batch.load(2), batch.load(3)];
    await turn();
    expect(runs).toEqual([[1], [2, 3]]);
    released.forEach((release) => release());
    expect(await first).toEqual({ value: 1, batched: 1 });
    expect(await Promise.all(second)).toEqual([
      { value: 2, batched: 2 },
      { value: 3, batched: 2 },
    ]);
  });

  it('sends a full batch at once, the rest in the same turn after it', async () => {
    const { batch, runs } = doubling(3);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => batch.load(n)));
    expect(runs).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(answers.map((a) => a.batched)).toEqual([3, 3, 3, 2, 2]);
  });

  it('fails every call of a statement that fails (thrown or rejected), and only those', async () => {
    let fail: 'throw' | 'reject' | null = 'throw';
    const batch = new StatementBatch<number, number>((items) => {
      if (fail === 'throw') throw new Error('thrown');
      if (fail === 'reject') return Promise.reject(new Error('rejected'));
      return Promise.resolve(items);
    });
    const thrown = await Promise.allSettled([batch.load(1), batch.load(2)]);
    expect(thrown.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['thrown', 'thrown']);
    fail = 'reject';
    const rejected = await Promise.allSettled([batch.load(1)]);
    expect(rejected.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['rejected']);
    fail = null;
    expect(await batch.load(7)).toEqual({ value: 7, batched: 1 });
  });

  it('fails the calls of a statement that answers a different number of them', async () => {
    const batch = new StatementBatch<number, number>(async (items) => items.slice(1));
    const settled = await Promise.allSettled([batch.load(1), batch.load(2)]);
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((settled[0] as PromiseRejectedResult).reason)).toMatch(/A batch of 2 calls was answered 1 times/);
  });
});
