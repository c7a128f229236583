import "server-only";

export type WorkLimiterOptions = {
  /** Tasks running at once. */
  concurrency: () => number;
  /** Callers allowed to wait for a free slot; 0 = refuse at once when every slot is busy. */
  maxQueue: () => number;
  /** How long a caller waits for a slot before it is refused. */
  maxWaitMs: () => number;
  /** The error a refused caller gets (503 or 429 with Retry-After). */
  refuse: () => Error;
};

type Waiter = { start: () => void; timer: NodeJS.Timeout };

/**
 * Admission control for work that costs CPU or memory (password hashing, large uploads): at most
 * `concurrency` tasks run, later callers wait in FIFO order, and a caller that cannot start within
 * `maxWaitMs` (or finds the queue full) is refused. Waiting costs nothing but a timer, so under a burst
 * the server slows callers down instead of spending its CPU on answering them, and what it cannot
 * serve in time gets a clear 503/429 rather than a timeout or a 500.
 *
 * Per process by design: it protects this process's CPU and memory, not a cluster-wide quota, so it
 * holds no state another instance needs (ARCHITECTURE §6).
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: WorkLimiterOptions) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Takes a slot for work that is released later by the caller (see `run` for the usual form). */
  acquire(): Promise<void> {
    const { concurrency, maxQueue, maxWaitMs, refuse } = this.options;
    if (this.running < concurrency() && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= maxQueue()) return Promise.reject(refuse());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(refuse());
        }, maxWaitMs()),
      };
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next.start(); // the slot passes straight to the next caller
    else this.running -= 1;
  }

  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
