/**
 * A short-lived in-memory cache of serialized visitor lists (GET events-na). Every visitor asking
 * the same question gets the same answer, so a few seconds of reuse turns a burst of identical
 * queries into one (docs/decisions/0010-event-lists-order-and-search.md). Concurrent misses for
 * one key share a single computation. Event writes on this instance clear it; other instances
 * serve at most `ttlMs` old answers.
 */
export class VisitorListCache {
  private readonly entries = new Map<string, { expires: number; body: string }>();
  private readonly pending = new Map<string, Promise<string>>();
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

  async get(key: string, compute: () => Promise<string>): Promise<string> {
    if (!this.enabled) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.body;
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
