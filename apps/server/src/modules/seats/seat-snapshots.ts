import type { Encoding } from '../../http/compression.ts';

/**
 * GET seats/{eventId}'s answers kept in memory (decision 0036, "The seats answer from memory"):
 * per event, the answer at one seat-state key (the event's seat version and the next end of a
 * hold, event_seat_versions), reused while a request's own read of the key, in the statement that
 * checks the event, finds the same one. Equal keys mean equal answers (every write the answer
 * depends on moves the version in its own transaction; the passing of time moves the next end), so
 * an answer is never older than the request's own read. Each instance keeps its own; nothing is
 * told between instances: the check is against the database, every time.
 */

/** A seat as the snapshot reads it: row, column, sold (else held), the order's buyer, the ticket's holder. */
export type SnapshotSeat = [row: number, col: number, sold: boolean, buyer: number | null, holder: number | null];

const OWN_FALSE = Buffer.byteLength('false');

/** One event's answer at one key: the body everyone without seats of their own gets, and where each owner's seats are in it. */
export class SeatSnapshot {
  readonly key: string;
  /** `{"data":[{"the_row":…,"the_col":…,"state":…,"own":false},…]}`: the answer of a viewer with no seat of their own. */
  readonly body: Buffer;
  /** Per viewer with seats of their own: the byte offsets of those seats' `false`, ascending. */
  private readonly owned: Map<number, number[]>;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  /** Bytes kept, roughly: the body, its compressed copies (a fraction of it), the offsets. */
  readonly bytes: number;

  constructor(key: string, seats: readonly SnapshotSeat[]) {
    this.key = key;
    this.owned = new Map();
    const parts: string[] = [];
    let length = '{"data":['.length;
    seats.forEach(([row, col, sold, buyer, holder], i) => {
      const head = `${i === 0 ? '' : ','}{"the_row":${row},"the_col":${col},"state":"${sold ? 'sold' : 'held'}","own":`;
      length += head.length; // ASCII only: characters are bytes
      for (const owner of buyer === holder ? [buyer] : [buyer, holder]) {
        if (owner === null) continue;
        const offsets = this.owned.get(owner);
        if (offsets) offsets.push(length);
        else this.owned.set(owner, [length]);
      }
      parts.push(head, 'false}');
      length += OWN_FALSE + 1;
    });
    this.body = Buffer.from(`{"data":[${parts.join('')}]}`, 'latin1');
    let offsets = 0;
    for (const list of this.owned.values()) offsets += list.length;
    this.bytes = Math.ceil(this.body.length * 1.5) + 16 * offsets + 200;
  }

  /** The answer for this viewer: the shared body, or (with seats of their own) a copy with those marked own. */
  bodyFor(viewerId: number | null): { body: Buffer; shared: boolean } {
    const offsets = viewerId === null ? undefined : this.owned.get(viewerId);
    if (!offsets) return { body: this.body, shared: true };
    const out = Buffer.allocUnsafe(this.body.length - offsets.length * (OWN_FALSE - 'true'.length));
    let from = 0;
    let to = 0;
    for (const offset of offsets) {
      to += this.body.copy(out, to, from, offset);
      to += out.write('true', to, 'latin1');
      from = offset + OWN_FALSE;
    }
    this.body.copy(out, to, from);
    return { body: out, shared: false };
  }

  /** The shared body compressed in this encoding: once per snapshot, however many ask. */
  encodedAs(encoding: Encoding, compress: (bytes: Buffer, encoding: Encoding) => Promise<Buffer>): Promise<Buffer> {
    let done = this.encoded.get(encoding);
    if (!done) {
      done = compress(this.body, encoding);
      this.encoded.set(encoding, done);
      done.catch(() => this.encoded.delete(encoding));
    }
    return done;
  }
}

export interface SnapshotRead {
  key: string;
  seats: readonly SnapshotSeat[];
}

/**
 * The snapshots of up to `maxEvents` events (the least recently asked for go first), and at most
 * `maxBytes` of them. A miss reads the seats and the key in one statement; requests that miss on
 * the same key at once share that read. maxEvents 0: nothing kept (every answer is read anew).
 */
export class SeatSnapshots {
  private readonly entries = new Map<number, { snapshot: SeatSnapshot; sequence: number }>();
  private readonly flights = new Map<number, { key: string; promise: Promise<SeatSnapshot> }>();
  private readonly maxEvents: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private sequence = 0;
  /** Snapshots built since the start (reads of the seats). */
  builds = 0;

  constructor(options: { maxEvents: number; maxBytes?: number }) {
    this.maxEvents = options.maxEvents;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  get enabled(): boolean {
    return this.maxEvents > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The snapshot of this event at `key` (the key this request read): the one kept when its key is
   * that, or one being read for the same key when it comes back with it; else read now (`read`:
   * the key and the seats in one statement). `built`: this request read it.
   */
  async get(eventId: number, key: string, read: () => Promise<SnapshotRead>): Promise<{ snapshot: SeatSnapshot; built: boolean }> {
    const kept = this.entries.get(eventId);
    if (kept && kept.snapshot.key === key) {
      this.entries.delete(eventId);
      this.entries.set(eventId, kept);
      return { snapshot: kept.snapshot, built: false };
    }
    const flight = this.flights.get(eventId);
    if (flight && flight.key === key) {
      // Its read may have seen a later key than this request: only the same key is the same answer.
      const snapshot = await flight.promise.catch(() => null);
      if (snapshot && snapshot.key === key) return { snapshot, built: false };
    }
    return { snapshot: await this.build(eventId, key, read), built: true };
  }

  private async build(eventId: number, key: string, read: () => Promise<SnapshotRead>): Promise<SeatSnapshot> {
    const sequence = ++this.sequence;
    this.builds += 1;
    const promise = read().then((state) => new SeatSnapshot(state.key, state.seats));
    const flight = { key, promise };
    this.flights.set(eventId, flight);
    try {
      const snapshot = await promise;
      this.keep(eventId, snapshot, sequence);
      return snapshot;
    } finally {
      if (this.flights.get(eventId) === flight) this.flights.delete(eventId);
    }
  }

  /** Keeps a snapshot unless one read after it is kept already; then drops the least recently used past the limits. */
  private keep(eventId: number, snapshot: SeatSnapshot, sequence: number): void {
    if (snapshot.bytes > this.maxBytes) return;
    const kept = this.entries.get(eventId);
    if (kept) {
      if (kept.sequence > sequence) return;
      this.entries.delete(eventId);
      this.bytes -= kept.snapshot.bytes;
    }
    this.entries.set(eventId, { snapshot, sequence });
    this.bytes += snapshot.bytes;
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.maxEvents && this.bytes <= this.maxBytes) break;
      this.entries.delete(id);
      this.bytes -= entry.snapshot.bytes;
    }
  }
}
