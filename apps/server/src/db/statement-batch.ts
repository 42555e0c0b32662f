/**
 * Calls made in the same turn of the event loop, answered by one statement (decision 0046): a
 * request's read joins the others the server took in with it (the sockets one poll of the loop
 * found readable) and is sent when that turn ends (setImmediate), so no call waits for a later one
 * and each is read after it was made, as its own statement would be. Nothing is kept between
 * batches: this is DataLoader's batching without its cache. `run` answers the items in their
 * order; if it fails, every call of the batch fails with its error. Each call learns how many calls
 * its statement answered (`batched`).
 */
export class StatementBatch<I, O> {
  private pending: { item: I; resolve: (answer: { value: O; batched: number }) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;

  private readonly run: (items: readonly I[]) => Promise<readonly O[]>;
  private readonly maxItems: number;

  constructor(run: (items: readonly I[]) => Promise<readonly O[]>, maxItems = 100) {
    this.run = run;
    this.maxItems = maxItems;
  }

  load(item: I): Promise<{ value: O; batched: number }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.maxItems) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let running: Promise<readonly O[]>;
    try {
      running = this.run(batch.map((call) => call.item));
    } catch (err) {
      running = Promise.reject(err);
    }
    running.then(
      (answers) => {
        if (answers.length !== batch.length) throw new Error(`A batch of ${batch.length} calls was answered ${answers.length} times`);
        batch.forEach((call, i) => call.resolve({ value: answers[i]!, batched: batch.length }));
      },
    ).catch((err: unknown) => {
      for (const call of batch) call.reject(err);
    });
  }
}
