// server/work-limiter.ts: the admission control behind password hashing and upload slots.
import { uploadSlots } from "@/server/http/upload-slots";
import { WorkLimiter } from "@/server/work-limiter";

const refusal = () => new Error("refused");
const deferred = () => {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe("WorkLimiter", () => {
  test("runs `concurrency` tasks, queues the next in FIFO order, refuses past the queue", async () => {
    const limiter = new WorkLimiter({
      concurrency: () => 2,
      maxQueue: () => 2,
      maxWaitMs: () => 60_000,
      refuse: refusal,
    });
    const tasks = Array.from({ length: 4 }, () => deferred());
    const order: number[] = [];
    const runs = tasks.map((task, i) => limiter.run(() => (order.push(i), task.promise)));
    expect(limiter.stats()).toMatchObject({ running: 2, waiting: 2 });
    await expect(limiter.run(async () => "fifth")).rejects.toThrow("refused");
    tasks[1]!.resolve("b");
    await runs[1];
    expect(order).toEqual([0, 1, 2]);
    tasks.forEach((task, i) => task.resolve(String(i)));
    await expect(Promise.all(runs)).resolves.toEqual(["0", "b", "2", "3"]);
    expect(limiter.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  test("a caller that cannot start within maxWaitMs is refused and leaves the queue", async () => {
    jest.useFakeTimers();
    try {
      const limiter = new WorkLimiter({
        concurrency: () => 1,
        maxQueue: () => 10,
        maxWaitMs: () => 1000,
        refuse: refusal,
      });
      const busy = deferred();
      const first = limiter.run(() => busy.promise);
      const waiting = limiter.run(async () => "late");
      expect(limiter.stats()).toMatchObject({ running: 1, waiting: 1 });
      jest.advanceTimersByTime(1000);
      await expect(waiting).rejects.toThrow("refused");
      expect(limiter.stats()).toMatchObject({ running: 1, waiting: 0 });
      busy.resolve("ok");
      await expect(first).resolves.toBe("ok");
      expect(limiter.stats()).toMatchObject({ running: 0, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  test("a failing task gives its slot back", async () => {
    const limiter = new WorkLimiter({ concurrency: () => 1, maxQueue: () => 0, maxWaitMs: () => 1, refuse: refusal });
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limiter.run(async () => 42)).resolves.toBe(42);
  });

  test("upload slots: MAX_UPLOADS_IN_FLIGHT (3) at once, then 429 with Retry-After at once", async () => {
    const tasks = Array.from({ length: 3 }, () => deferred());
    const runs = tasks.map((task, i) => uploadSlots.run({ userId: i + 1, officeId: i + 1 }, () => task.promise));
    await expect(uploadSlots.run({ userId: 9, officeId: 9 }, async () => "never")).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      message: "Muitos envios em andamento. Tente novamente em instantes.",
      headers: { "Retry-After": "2" },
    });
    tasks.forEach((task) => task.resolve("done"));
    await Promise.all(runs);
    expect(uploadSlots.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});

test("a caller whose expected wait (from recent task durations) exceeds maxWaitMs is refused on arrival, after the hold", async () => {
  jest.useFakeTimers();
  try {
    const limiter = new WorkLimiter({
      concurrency: () => 1,
      maxQueue: () => 100,
      maxWaitMs: () => 1000,
      refuseAfterMs: () => 3000,
      refuse: refusal,
    });
    // Teach it that a task takes about 600 ms.
    const first = limiter.run(() => new Promise<string>((resolve) => setTimeout(() => resolve("a"), 600)));
    await jest.advanceTimersByTimeAsync(600);
    await expect(first).resolves.toBe("a");
    expect(limiter.stats().averageMs).toBe(600);
    const busy = deferred();
    const running = limiter.run(() => busy.promise);
    const second = limiter.run(async () => "b"); // expected wait 600 ms: queued
    const third = limiter.run(async () => "c"); // expected wait 1200 ms: refused on arrival, held 3 s
    let thirdSettled = false;
    third.catch(() => undefined).finally(() => (thirdSettled = true));
    second.catch(() => undefined);
    expect(limiter.stats()).toMatchObject({ running: 1, waiting: 1 });
    await jest.advanceTimersByTimeAsync(2999);
    expect(thirdSettled).toBe(false); // held, not yet answered
    await jest.advanceTimersByTimeAsync(1);
    await expect(third).rejects.toThrow("refused");
    await expect(second).rejects.toThrow("refused"); // its 1000 ms deadline passed behind the busy task
    busy.resolve("x");
    await expect(running).resolves.toBe("x");
  } finally {
    jest.useRealTimers();
  }
});
