import os from 'node:os';
import sharp from 'sharp';

/**
 * One bound on picture work for the whole process (decision 0022). Every sharp pipeline (gallery
 * pictures, avatars, event pictures, and the demo seed's drawings) runs inside `withImageWork`,
 * which lets at most IMAGE_WORK_SLOTS pictures be worked on at once and queues the rest first come,
 * first served. Without it a burst of uploads kept all four of libuv's worker threads decoding (the
 * file system work of every other request waiting behind them), and the peak memory grew with
 * them. What glibc keeps after the burst is the allocator's part: scripts/malloc-settings.ts.
 */

/** Pictures worked on at once: one per core, at most 2 (a 24-megapixel JPEG costs about 90 MB at its peak). */
export const IMAGE_WORK_SLOTS = Math.max(1, Math.min(2, os.availableParallelism()));

// One libvips thread per picture: the slots already keep the cores busy, and each extra thread
// holds its own buffers (sharp picks 1 itself on glibc without jemalloc; this makes it certain).
sharp.concurrency(1);
// libvips' operation cache keeps recent pipelines and open files for reuse; a server never opens
// the same upload twice, so the cache only holds memory.
sharp.cache(false);

/** A first-in, first-out limit on how many tasks run at once. */
export class WorkLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  readonly slots: number;

  constructor(slots: number) {
    this.slots = slots;
  }

  /** Tasks running now, and waiting for a slot. */
  get counts(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line (running stays the same), else frees up.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const imageWork = new WorkLimit(IMAGE_WORK_SLOTS);

/**
 * Runs the work on one picture (all its sharp pipelines, one after another) in a slot of the
 * process-wide bound. Never call it from inside another `withImageWork`: the inner call would wait
 * for a slot its own caller holds.
 */
export function withImageWork<T>(work: () => Promise<T>): Promise<T> {
  return imageWork.run(work);
}

/** The bound's state, for tests and the log. */
export function imageWorkCounts(): { running: number; waiting: number } {
  return imageWork.counts;
}
