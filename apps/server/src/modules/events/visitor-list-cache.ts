/**
 * A short-lived in-memory cache of serialized visitor lists (GET events-na). Every visitor asking
 * the same question gets the same answer, so a few seconds of reuse turns a burst of identical
 * queries into one (docs/decisions/0010-event-lists-order-and-search.md). Concurrent misses for
 * one key share a single computation. Event writes on this instance clear it; other instances
 * serve at most `ttlMs` old answers.
 */
export class VisitorListCache {
  private readonly entries = new Map<string, { expires: number; body: Buffer }>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** A fresh answer for `key`, if there is one (the route looks before validating the query). */
  peek(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > this.now() ? hit.body : undefined;
  }

  /** The answer for `key`, computed by `compute` (the reply's bytes) when there is no fresh one. */
  async get(key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.enabled) return compute();
    const hit = this.peek(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = compute()
      .then((body) => {
        // An answer computed across a write is not kept: it may predate the write.
        if (generation === this.generation && body.length <= 1_000_000) {
          if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest();
          this.entries.set(key, { expires: this.now() + this.ttlMs, body });
        }
        return body;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** After any change to events: nothing cached before it is served again. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  private evictExpiredOrOldest(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
