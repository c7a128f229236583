// Issue 6 defect 6: 40 parallel 14 MB photo uploads by one user. Past MAX_UPLOADS_IN_FLIGHT (3) the
// uploads are refused with 429 before their bodies are read, so the server's memory stays bounded
// (before the fix every body was read and parsed first: RSS 535 → 1,338 MB).
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { createAccountingOperator } from "../helpers/factories";
import { apiLogin, BASE, rssMiB, startAppWith, type RunningApp } from "./support/app";

let app: RunningApp;
let access: string;
let photo: string;

beforeAll(async () => {
  let email: string;
  ({ app, data: email } = await startAppWith(async () => (await createAccountingOperator()).user.email));
  access = (await apiLogin(email)).access;
  // A real photo-sized JPEG of noise (it does not compress): about 10 MB, a 14 MB data URL.
  const width = 4000;
  const height = 2950;
  const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  photo = `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}, 900_000);

afterAll(async () => {
  await app?.stop();
});

test("40 parallel 14 MB photos: 429 beyond the slots, never 500, memory bounded", async () => {
  expect(photo.length).toBeGreaterThan(13_000_000);
  const pid = app.serverPid();
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 25);
  const body = JSON.stringify({ type: "image/jpeg", base64url: photo });
  const results = await Promise.all(
    Array.from({ length: 40 }, async () => {
      const res = await fetch(`${BASE}/api/operator/update/photo`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
        body,
      });
      return { status: res.status, retryAfter: res.headers.get("retry-after"), json: await res.json() };
    }),
  );
  clearInterval(sampler);
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  const figures = { statuses: counts, rssBeforeMiB: Math.round(before), rssPeakMiB: Math.round(peak), growthMiB: Math.round(peak - before) };
  console.log(`[uploads] ${JSON.stringify(figures)}`);

  expect(Object.keys(counts).sort()).toEqual(["200", "429"]);
  expect(counts[200]).toBeGreaterThanOrEqual(3);
  for (const r of results.filter((x) => x.status === 429)) {
    expect(r.retryAfter).toBe("2");
    expect(r.json.error.code).toBe("rate_limited");
  }
  // Three bodies in flight (14 MB text, its bytes, the decoded 12 MP image) and no more.
  expect(peak - before).toBeLessThan(500);
});
