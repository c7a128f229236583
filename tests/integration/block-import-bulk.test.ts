// POST /api/block/import at its size: one ZIP of 1,000 NF-e through the real handler. The time and the
// extra memory are logged (docs/performance.md), never asserted: this machine is shared.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as importPost } from "@/app/api/block/import/route";
import { blockImportAnswer } from "@/lib/contract/fiscal";
import { getDb } from "@/server/db/client";
import { buildNfe, zipFiles } from "../../scripts/lib/fiscal-xml";
import { call } from "../helpers/http";
import { buildBusinessWorld } from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-block-import-bulk-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

const NOTES = 1_000;

test("a ZIP of 1,000 NF-e: 1,000 blocks, each with its document and finding", async () => {
  const { world, tokens } = await buildBusinessWorld();
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < NOTES; i += 1) files[`notas/nfe-${i + 1}.xml`] = buildNfe({ items: 1 + (i % 8) }).bytes;
  const zip = zipFiles(files);
  const body = { files: [{ name: "notas.zip", base64url: `data:application/zip;base64,${zip.toString("base64")}` }] };
  const rawBody = JSON.stringify(body);

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const res = await call(importPost, { rawBody, token: tokens.regularAlpha, path: "/api/block/import" });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `import of ${NOTES} NF-e (ZIP ${(zip.length / 1_048_576).toFixed(1)} MB, body ${(rawBody.length / 1_048_576).toFixed(1)} MB): ` +
      `${seconds.toFixed(1)} s, peak extra RSS ${Math.round((peak - baseline) / 1_048_576)} MB`,
  );

  expect(res.status).toBe(200);
  const answer = blockImportAnswer.parse(res.json.data);
  expect(answer.filter((r) => r.status === "created")).toHaveLength(NOTES);
  const clientId = world.alpha.id;
  expect(await getDb().block.count({ where: { clientId, importedKey: { not: null } } })).toBe(NOTES);
  expect(await getDb().documentFinding.count({ where: { clientId } })).toBe(NOTES);
}, 300_000);
