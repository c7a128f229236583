// server/http/upload-slots.ts: the process's upload slots, shared so that one user or one office cannot
// take them all (a caller dripping three uploads shut every other office out of sends and photos).
import { AppError } from "@/server/errors";
import { UploadSlots } from "@/server/http/upload-slots";

const held = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

/** Runs a task that holds its slot until released; resolves to the run (or rejects with the refusal). */
function hold(slots: UploadSlots, userId: number, officeId: number | null) {
  const task = held();
  const run = slots.run({ userId, officeId }, () => task.promise);
  return { run, release: task.release };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

test("with 3 slots one user holds at most 2; the last slot goes to another office", async () => {
  const slots = new UploadSlots(() => 3);
  const mine = [hold(slots, 1, 10), hold(slots, 1, 10)];
  const third = await refusal(hold(slots, 1, 10).run);
  expect(third).toBeInstanceOf(AppError);
  expect(third).toMatchObject({ status: 429, code: "rate_limited", headers: { "Retry-After": "2" } });
  // another user of the same office is refused the last slot too: the office holds two
  expect(await refusal(hold(slots, 2, 10).run)).toMatchObject({ status: 429 });
  // another office's user gets it
  const other = hold(slots, 3, 20);
  expect(slots.stats()).toMatchObject({ running: 3, users: 2, offices: 2 });
  // and every slot is taken now
  expect(await refusal(hold(slots, 4, 30).run)).toMatchObject({ status: 429 });
  [...mine, other].forEach((h) => h.release());
  await Promise.all([...mine, other].map((h) => h.run));
  expect(slots.stats()).toMatchObject({ running: 0, users: 0, offices: 0 });
});

test("two users of one office share it: two at once, a third user of the office waits for a free slot beyond the reserve", async () => {
  const slots = new UploadSlots(() => 3);
  const a = hold(slots, 1, 10);
  const b = hold(slots, 2, 10);
  expect(await refusal(hold(slots, 5, 10).run)).toMatchObject({ status: 429 });
  a.release();
  await a.run;
  // a slot above the reserve is free again: the office's third user is admitted
  const c = hold(slots, 5, 10);
  expect(slots.stats().running).toBe(2);
  [b, c].forEach((h) => h.release());
  await Promise.all([b.run, c.run]);
});

test("a failing task gives its slot back; a caller without an office is counted by user only", async () => {
  const slots = new UploadSlots(() => 1);
  await expect(slots.run({ userId: 1, officeId: null }, async () => Promise.reject(new Error("boom")))).rejects.toThrow(
    "boom",
  );
  await expect(slots.run({ userId: 1, officeId: null }, async () => 42)).resolves.toBe(42);
  expect(slots.stats()).toMatchObject({ running: 0, users: 0 });
});

test("more slots keep a third of them (rounded up) for users and offices that hold none", async () => {
  const slots = new UploadSlots(() => 10);
  expect(slots.reserved()).toBe(4);
  const mine = Array.from({ length: 6 }, () => hold(slots, 1, 10));
  expect(await refusal(hold(slots, 1, 10).run)).toMatchObject({ status: 429 });
  const others = [hold(slots, 2, 20), hold(slots, 3, 30), hold(slots, 4, 40), hold(slots, 5, 50)];
  expect(slots.stats().running).toBe(10);
  [...mine, ...others].forEach((h) => h.release());
  await Promise.all([...mine, ...others].map((h) => h.run));
});
