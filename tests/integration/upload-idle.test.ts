// A body that stops arriving is answered 408 after BODY_IDLE_MS (server/http/read-body.ts), and the
// upload slot it held is free again: three callers that send their headers and then nothing no longer
// shut every other upload of the process out for Node's five-minute request limit.
process.env.BODY_IDLE_MS = "300";

import { getConfig } from "@/server/config";
import { uploadSlots } from "@/server/http/upload-slots";
import { createAccountingOperator } from "../helpers/factories";
import { login } from "./operators-support";
import { sendPhotoUpload } from "./upload-support";

/** A body that sends `head` and then nothing; `cancelled` resolves when the server gives up on it. */
function stalledBody(head: string) {
  let cancelled!: () => void;
  const gaveUp = new Promise<void>((resolve) => (cancelled = resolve));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
    cancel: () => cancelled(),
  });
  return { stream, gaveUp };
}

// One operator per office: one user (or office) holds at most two of the three slots (upload-slots.ts).
let auths: Record<string, string>[];
beforeAll(async () => {
  auths = [];
  for (let i = 0; i < 3; i += 1)
    auths.push({ authorization: `Bearer ${await login((await createAccountingOperator()).user.email)}` });
});

test("uploads whose bodies stop arriving are answered 408, their streams cancelled, and their slots freed", async () => {
  expect(getConfig().BODY_IDLE_MS).toBe(300);
  const slots = getConfig().MAX_UPLOADS_IN_FLIGHT;
  const stalled = Array.from({ length: slots }, () => stalledBody('{"base64url":"data:image/png;base64,'));
  const answers = stalled.map((body, i) => sendPhotoUpload(body.stream, { ...auths[i], "content-length": "5000000" }));
  while (uploadSlots.stats().running < slots) await new Promise((resolve) => setImmediate(resolve));

  const refused = await Promise.all(answers);
  for (const res of refused) {
    expect(res.status).toBe(408);
    expect(res.json.error).toEqual({ code: "timeout", message: "A requisição demorou demais para chegar." });
  }
  await Promise.all(stalled.map((body) => body.gaveUp));
  expect(uploadSlots.stats().running).toBe(0);

  // the next upload is admitted and read (a malformed one, so its answer is the schema's 400, not 429)
  const next = await sendPhotoUpload(new Response('{"base64url":1}').body!, auths[0]);
  expect(next.status).toBe(400);
  expect(next.json.error?.code).toBe("invalid_input");
});
