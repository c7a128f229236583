import "server-only";

export type WorkLimiterOptions = {
  /** Tasks running at once. */
  concurrency: () => number;
  /** Callers allowed to wait for a free slot; 0 = refuse at once when every slot is busy. */
  maxQueue: () => number;
  /** How long a caller may wait for a slot: one whose expected wait is longer is refused. */
  maxWaitMs: () => number;
  /**
   * How long a refused caller is held before its refusal is sent (default 0). A client that retries at
   * once (most scripts do) is slowed down by it instead of costing the server a request per
   * millisecond; the hold costs nothing but a timer.
   */
  refuseAfterMs?: () => number;
  /** The error a refused caller gets (503 or 429 with Retry-After). */
  refuse: () => Error;
};

type Waiter = { start: () => void; timer: NodeJS.Timeout };

// Smoothing of the measured task duration that predicts how long a new caller would wait.
const EWMA_WEIGHT = 0.2;

/**
 * Admission control for work that costs CPU or memory (password hashing, large uploads): at most
 * `concurrency` tasks run and later callers wait in FIFO order. A caller is refused when the queue is
 * full or when, from the measured duration of recent tasks, it could not start within `maxWaitMs`;
 * one admitted to the queue that still has not started by then is refused too. So under a burst the
 * server finishes the work it can finish in time, the rest gets a clear 503/429 (after
 * `refuseAfterMs`) rather than a timeout or a 500, and nobody waits unboundedly.
 *
 * Per process by design: it protects this process's CPU and memory, not a cluster-wide quota, so it
 * holds no state another instance needs (ARCHITECTURE §6).
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private averageMs = 0;

  constructor(private readonly options: WorkLimiterOptions) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.release(performance.now() - started);
    }
  }

  private expectedWaitMs(position: number): number {
    return (position / this.options.concurrency()) * this.averageMs;
  }

  private refused(): Promise<never> {
    const hold = this.options.refuseAfterMs?.() ?? 0;
    const error = this.options.refuse();
    if (hold <= 0) return Promise.reject(error);
    return new Promise((_, reject) => setTimeout(() => reject(error), hold));
  }

  private acquire(): Promise<void> {
    const { concurrency, maxQueue, maxWaitMs } = this.options;
    if (this.running < concurrency() && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    const position = this.waiting.length + 1;
    if (position > maxQueue() || this.expectedWaitMs(position) > maxWaitMs()) return this.refused();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(this.options.refuse());
        }, maxWaitMs()),
      };
      this.waiting.push(waiter);
    });
  }

  private release(durationMs: number): void {
    this.averageMs = this.averageMs === 0 ? durationMs : this.averageMs + EWMA_WEIGHT * (durationMs - this.averageMs);
    const next = this.waiting.shift();
    if (next)
      next.start(); // the slot passes straight to the next caller
    else this.running -= 1;
  }

  stats(): { running: number; waiting: number; averageMs: number } {
    return { running: this.running, waiting: this.waiting.length, averageMs: Math.round(this.averageMs) };
  }
}
