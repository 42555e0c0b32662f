import { describe, expect, it } from 'vitest';
import { WorkLimit } from './image-work.ts';

/** A task that runs until its test says so. */
function gate() {
  let open!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkLimit', () => {
  it('runs at most its slots at once and starts the others first come, first served', async () => {
    const limit = new WorkLimit(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((g, i) =>
      limit.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await g.done;
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.counts).toEqual({ running: 2, waiting: 3 });

    gates[1]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(limit.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the slot of a failed task to the next one and passes the failure on', async () => {
    const limit = new WorkLimit(1);
    const first = gate();
    const failed = limit.run(() => first.done);
    let secondRan = false;
    const second = limit.run(async () => {
      secondRan = true;
      return 'second';
    });
    await tick();
    expect(secondRan).toBe(false);
    first.fail(new Error('unreadable'));
    await expect(failed).rejects.toThrow('unreadable');
    await expect(second).resolves.toBe('second');
    expect(limit.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the task throws before its first await', async () => {
    const limit = new WorkLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('at once')))).rejects.toThrow('at once');
    expect(limit.counts).toEqual({ running: 0, waiting: 0 });
    await expect(limit.run(async () => 1)).resolves.toBe(1);
  });
});
