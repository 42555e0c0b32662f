import { describe, expect, it } from 'vitest';
import { SeatSnapshot, SeatSnapshots, type SnapshotRead, type SnapshotSeat } from './seat-snapshots.ts';

const answer = (seats: readonly SnapshotSeat[], viewer: number | null) => ({
  data: seats.map(([row, col, sold, buyer, holder]) => ({ the_row: row, the_col: col, state: sold ? 'sold' : 'held', own: viewer !== null && (viewer === buyer || viewer === holder) })),
});

describe('SeatSnapshot', () => {
  const seats: SnapshotSeat[] = [
    [0, 0, true, 7, 7],
    [0, 12, false, 8, null],
    [3, 99, true, null, 9],
    [10, 5, true, 7, 9],
    [99, 99, false, 12345, null],
  ];
  const snapshot = new SeatSnapshot('4@1', seats);

  it('writes the spec’s answer, compact, in the order read; empty: {"data":[]}', () => {
    expect(snapshot.body.toString()).toBe(JSON.stringify(answer(seats, null)));
    expect(new SeatSnapshot('0@-', []).body.toString()).toBe('{"data":[]}');
  });

  it('gives a viewer without seats the shared body, and each owner (buyer or holder) their own seats marked, no one else’s', () => {
    for (const viewer of [null, 1, 6, 10]) {
      const { body, shared } = snapshot.bodyFor(viewer);
      expect([shared, body === snapshot.body]).toEqual([true, true]);
    }
    for (const viewer of [7, 8, 9, 12345]) {
      const { body, shared } = snapshot.bodyFor(viewer);
      expect(shared).toBe(false);
      expect(JSON.parse(body.toString())).toEqual(answer(seats, viewer));
      expect(body.toString()).toBe(JSON.stringify(answer(seats, viewer)));
    }
    // The shared body is left as it was.
    expect(snapshot.body.toString()).toBe(JSON.stringify(answer(seats, null)));
  });

  it('compresses the shared body once per encoding', async () => {
    let calls = 0;
    const compress = async (bytes: Buffer) => {
      calls += 1;
      return Buffer.concat([Buffer.from('z:'), bytes]);
    };
    const [a, b] = await Promise.all([snapshot.encodedAs('zstd', compress), snapshot.encodedAs('zstd', compress)]);
    expect(a).toBe(b);
    await snapshot.encodedAs('gzip', compress);
    expect(calls).toBe(2);
  });
});

describe('SeatSnapshots', () => {
  const read = (key: string, seats: SnapshotSeat[] = []) => async (): Promise<SnapshotRead> => ({ key, seats });

  it('keeps one snapshot per event, reused only at its own key', async () => {
    const kept = new SeatSnapshots({ maxEvents: 10 });
    expect((await kept.get(1, '1@-', read('1@-', [[0, 0, false, 1, null]]))).built).toBe(true);
    expect((await kept.get(1, '1@-', read('never'))).built).toBe(false);
    const next = await kept.get(1, '2@-', read('2@-'));
    expect([next.built, next.snapshot.key]).toEqual([true, '2@-']);
    expect(kept.builds).toBe(2);
  });

  it('shares one read among requests with the same key at once; one that comes back with another key is not theirs', async () => {
    const kept = new SeatSnapshots({ maxEvents: 10 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const slow = (key: string) => async () => {
      reads += 1;
      await gate;
      return { key, seats: [] };
    };
    const first = kept.get(1, '3@-', slow('3@-'));
    const second = kept.get(1, '3@-', slow('3@-'));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.built, b.built, a.snapshot === b.snapshot, reads]).toEqual([true, false, true, 1]);

    // The read started for key 4 found key 5 (a change in between): a request that read key 4 reads again.
    let later!: () => void;
    const gate2 = new Promise<void>((resolve) => (later = resolve));
    const moved = kept.get(1, '4@-', async () => {
      await gate2;
      return { key: '5@-', seats: [] };
    });
    const joiner = kept.get(1, '4@-', read('4@-'));
    later();
    const [m, j] = await Promise.all([moved, joiner]);
    expect([m.snapshot.key, j.snapshot.key, j.built]).toEqual(['5@-', '4@-', true]);
  });

  it('keeps at most maxEvents events and maxBytes, the least recently asked for going first; maxEvents 0: off', async () => {
    const kept = new SeatSnapshots({ maxEvents: 2 });
    await kept.get(1, 'a', read('a'));
    await kept.get(2, 'a', read('a'));
    await kept.get(1, 'a', read('a')); // 1 is now the most recent
    await kept.get(3, 'a', read('a'));
    expect(kept.size).toBe(2);
    expect((await kept.get(1, 'a', read('a'))).built).toBe(false);
    expect((await kept.get(2, 'a', read('a'))).built).toBe(true);

    const many: SnapshotSeat[] = Array.from({ length: 1000 }, (_, i) => [Math.floor(i / 100), i % 100, false, null, null]);
    const small = new SeatSnapshots({ maxEvents: 100, maxBytes: 200_000 });
    for (let id = 1; id <= 5; id += 1) await small.get(id, 'k', read('k', many));
    expect(small.size).toBeLessThan(5);
    expect(small.size).toBeGreaterThan(0);

    expect(new SeatSnapshots({ maxEvents: 0 }).enabled).toBe(false);
  });
});
