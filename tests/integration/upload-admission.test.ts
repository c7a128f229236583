// An upload is admitted before its body is read. The caller is authenticated, the
// declared Content-Length is checked against the cap and an upload slot is taken first; a refused
// upload's bytes are never pulled, so 40 parallel photos cannot hold 40 bodies in memory.
// The slow bodies below are held open while the test looks: no minimum rate within the test's time.
process.env.BODY_RATE_GRACE_MS = "600000";

import { SINGLE_IMAGE_BODY_MAX_BYTES } from "@/lib/constants";
import { uploadSlots } from "@/server/http/upload-slots";
import { createAccountingOperator } from "../helpers/factories";
import { login } from "./operators-support";
import { sendPhotoUpload } from "./upload-support";

/** A request body that counts how many chunks the server pulled, and ends only when told to. */
function trackedBody(chunks: number, chunk = new TextEncoder().encode(" ".repeat(64 * 1024))) {
  let pulled = 0;
  let finish: (() => void) | undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      pulled += 1;
      if (pulled <= chunks) return controller.enqueue(chunk);
      await finished;
      controller.enqueue(new TextEncoder().encode("}"));
      controller.close();
    },
  });
  return { stream, pulled: () => pulled, finish: () => finish?.() };
}

let auth: Record<string, string>;
beforeAll(async () => {
  const operator = await createAccountingOperator();
  auth = { authorization: `Bearer ${await login(operator.user.email)}` };
});

test("no token: 401 before a byte of the body is read", async () => {
  const body = trackedBody(1000);
  const res = await sendPhotoUpload(body.stream, { "content-length": String(10_000_000) });
  expect(res.status).toBe(401);
  expect(body.pulled()).toBeLessThanOrEqual(1); // at most the stream's own first prefetch
});

test("a declared length over the cap: 413 before reading", async () => {
  const body = trackedBody(1000);
  const res = await sendPhotoUpload(body.stream, {
    ...auth,
    "content-length": String(SINGLE_IMAGE_BODY_MAX_BYTES + 1),
  });
  expect(res.status).toBe(413);
  expect(res.json.error?.code).toBe("too_large");
  expect(body.pulled()).toBeLessThanOrEqual(1);
});

test("a body that streams past the cap without a declared length: 413", async () => {
  const body = trackedBody(Math.ceil(SINGLE_IMAGE_BODY_MAX_BYTES / (64 * 1024)) + 10);
  const res = await sendPhotoUpload(body.stream, auth);
  expect(res.status).toBe(413);
});

test("one user holds at most two of the three slots: their third upload is 429 unread, another office's upload is admitted; with every slot taken, 429", async () => {
  const slow = Array.from({ length: 2 }, () => trackedBody(2));
  const inFlight = slow.map((body) => sendPhotoUpload(body.stream, auth));
  while (uploadSlots.stats().running < 2) await new Promise((resolve) => setImmediate(resolve));
  // the same user's third: refused before its body is read
  const refused = trackedBody(1000);
  const res = await sendPhotoUpload(refused.stream, { ...auth, "content-length": "5000000" });
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe("2");
  expect(refused.pulled()).toBeLessThanOrEqual(1);
  // an operator of another office takes the last slot
  const other = await createAccountingOperator();
  const otherAuth = { authorization: `Bearer ${await login(other.user.email)}` };
  const third = trackedBody(2);
  const admitted = sendPhotoUpload(third.stream, otherAuth);
  while (uploadSlots.stats().running < 3) await new Promise((resolve) => setImmediate(resolve));
  // every slot taken: a third office is refused too
  const stranger = await createAccountingOperator();
  const full = await sendPhotoUpload(trackedBody(1000).stream, {
    authorization: `Bearer ${await login(stranger.user.email)}`,
  });
  expect(full.status).toBe(429);
  [...slow, third].forEach((body) => body.finish());
  const done = await Promise.all([...inFlight, admitted]);
  expect(done.map((r) => r.status)).toEqual([400, 400, 400]); // their JSON was malformed: read, then refused
  expect(uploadSlots.stats()).toMatchObject({ running: 0, users: 0, offices: 0 });
});
