// Uploads stay fair under a slow sender: one client company's user drips three block sends a few bytes
// at a time (never idle long enough for BODY_IDLE_MS). One user holds at most two of the three upload
// slots (server/http/upload-slots.ts), so a send by another office's client is answered 200 while the
// drips run; and each drip is answered 408 once it falls under BODY_MIN_RATE_BYTES_PER_S, freeing its
// slot. Before, the three drips held every slot and every other office got 429 for as long as they lasted.
import { connect } from "node:net";
import sharp from "sharp";
import { createClient, createClientOperator } from "../helpers/factories";
import { parseRawAnswer } from "../helpers/raw-http";
import { apiLogin, BASE, PORT, startAppWith, type RunningApp } from "./support/app";

let app: RunningApp;
let dripper: string;
let other: string;
let photo: string;

beforeAll(async () => {
  let emails: { dripper: string; other: string };
  ({ app, data: emails } = await startAppWith(async () => {
    const mine = await createClientOperator({ client: await createClient(), type: 0 });
    const theirs = await createClientOperator({ client: await createClient(), type: 0 }); // another office
    return { dripper: mine.user.email, other: theirs.user.email };
  }));
  dripper = (await apiLogin(emails.dripper)).access;
  other = (await apiLogin(emails.other)).access;
  const jpeg = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 240, g: 240, b: 230 } },
  })
    .jpeg()
    .toBuffer();
  photo = `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}, 900_000);

afterAll(async () => {
  await app?.stop();
});

type Drip = { answer: Promise<{ status: number; body: string; ms: number }> };

/** A block send whose body goes out a few bytes every 100 ms until the server answers (or 5 MB are out). */
function drip(token: string): Drip {
  const started = performance.now();
  const answer = new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const socket = connect(PORT, "127.0.0.1");
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      clearInterval(timer);
      const raw = Buffer.concat(chunks).toString("utf8");
      if (!raw.includes("\r\n\r\n")) return;
      const parsed = parseRawAnswer(raw);
      const length = parsed.headers["content-length"];
      // whole: its declared length has arrived, or a chunked answer's last (empty) chunk
      if (length === undefined ? !raw.endsWith("0\r\n\r\n") : Buffer.byteLength(parsed.body) < Number(length)) return;
      socket.destroy();
      resolve({ status: parsed.status, body: parsed.body, ms: Math.round(performance.now() - started) });
    });
    socket.on("error", reject);
    socket.on("connect", () => {
      socket.write(
        `POST /api/block/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n[{"id":"drip","base64url":"data:image/jpeg;base64,`,
      );
      timer = setInterval(() => socket.write("AAAA"), 100);
    });
  });
  return { answer };
}

test("three dripped sends by one user: the third is 429, another office's send is answered 200 meanwhile, the drips get 408", async () => {
  const drips = [drip(dripper), drip(dripper), drip(dripper)];
  // The third drip is refused at once (its user holds two slots): from then on the two others hold theirs.
  const first = await Promise.race(drips.map((d) => d.answer));
  expect(first.status).toBe(429);

  const sent = performance.now();
  const res = await fetch(`${BASE}/api/block/create`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${other}` },
    body: JSON.stringify([{ id: `fair-${Date.now()}`, base64url: photo }]),
  });
  const otherMs = Math.round(performance.now() - sent);
  expect(res.status).toBe(200);

  const answers = await Promise.all(drips.map((d) => d.answer));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([408, 408, 429]);
  for (const a of answers.filter((x) => x.status === 408)) {
    expect(a.body).toContain('{"error":{"code":"timeout","message":"A requisição demorou demais para chegar."}}');
  }
  const dripMs = answers.filter((a) => a.status === 408).map((a) => a.ms);
  console.log(`[upload-fairness] ${JSON.stringify({ otherOfficeSendMs: otherMs, dripAnswered408Ms: dripMs })}`);

  // the slots are free again: the dripping user's next (proper) send is admitted
  const again = await fetch(`${BASE}/api/block/create`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${dripper}` },
    body: JSON.stringify([{ id: `after-${Date.now()}`, base64url: photo }]),
  });
  expect(again.status).toBe(200);
});
