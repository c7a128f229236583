// Hostile input on every POST route of the tree, as an actor the permission matrix
// says may call it (so the answer is about the input). From the route's valid request
// (permission-matrix.world.ts) and its zod contract (the schema named in the route file's `body:`,
// imported from lib/contract), each route gets: malformed JSON, a JSON array / string / number / null
// instead of the body, each field of the wrong type, each field missing, an extra field, a 1 MB
// string in each text field, nesting 5000 deep, NUL bytes, ids past 2^31 and a body over the route's
// cap. Whatever comes back: never a 500, never a hang (each call bounded), always the JSON envelope
// with a pt-BR message; a body the contract refuses is 400 `invalid_input` and writes nothing.
// Then hostile images on the five routes that take pictures, with the jest process's RSS bounded.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "bloco-hostile-"));

import sharp from "sharp";
import type { z } from "zod";
import { SINGLE_IMAGE_BODY_MAX_BYTES } from "@/lib/constants";
import { messages } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { DEFAULT_MAX_BODY_BYTES } from "@/server/http/read-body";
import { getConfig } from "@/server/config";
import { createBlock, createPendency } from "../helpers/factories";
import { heicHeader, photoJpeg, pixelBombPng, textFileNamedJpg, toDataUrl, truncatedJpeg } from "../helpers/images";
import { ref } from "./business-writes-world";
import { ACTORS, DOWNLOADS, table, type ActorName } from "./permission-matrix.table";
import { buildMatrixWorld, requests, reset, send, type Answer, type Matrix } from "./permission-matrix.world";

const CALL_LIMIT_MS = 15_000;
const apiRoot = path.join(__dirname, "../../app/api");

let m: Matrix;
beforeAll(async () => {
  m = await buildMatrixWorld();
}, 120_000);

// ---- what the routes are -------------------------------------------------------------------------

/** The zod schema a route file's POST parses its body with (`body: X`, X imported from lib/contract). */
async function contractOf(key: string): Promise<z.ZodType | null> {
  const source = readFileSync(path.join(apiRoot, key.split(" ")[1]!.replace(/^\/api\//, ""), "route.ts"), "utf8");
  const name = /export const POST = \w+\(\s*\{\s*body:\s*(\w+)/.exec(source)?.[1];
  if (!name) return null;
  const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "(@/lib/contract/[\\w-]+)"`).exec(source)?.[1];
  if (!from) throw new Error(`${key}: ${name} is not imported from lib/contract`);
  const schema = ((await import(from)) as Record<string, z.ZodType>)[name];
  if (!schema) throw new Error(`${key}: ${from} exports no ${name}`);
  return schema;
}

/** The body cap the route reads with (server/http/read-body.ts and the route's options). */
function capOf(key: string): number {
  const source = readFileSync(path.join(apiRoot, key.split(" ")[1]!.replace(/^\/api\//, ""), "route.ts"), "utf8");
  if (source.includes("SINGLE_IMAGE_BODY_MAX_BYTES")) return SINGLE_IMAGE_BODY_MAX_BYTES;
  if (/upload:\s*true/.test(source)) return getConfig().MAX_BODY_BYTES;
  return DEFAULT_MAX_BODY_BYTES;
}

const PREFERRED: ActorName[] = ["responsible", "ownerA", "ownerAlpha", "regularAlpha", "link", "anonymous"];
/** An actor the table says gets 200 on the route (a logged-in one refused by the route when none does). */
const actorFor = (key: string): ActorName =>
  [...PREFERRED, ...ACTORS].find((who) => table[key]![who] === 200) ?? "ownerA";

const postKeys = Object.keys(table).filter((key) => key.startsWith("POST ") && !key.includes("[...path]"));

// ---- what a good answer is -----------------------------------------------------------------------

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}
const known = new Set(strings(messages));
const ENGLISH = /^(Invalid|Expected|Required|Too (big|small)|Unrecognized|Unexpected|Internal|Bad Request|Not Found)/i;
/** pt-BR: one of our messages, or a sentence with Portuguese letters, never zod's English defaults. */
const portuguese = (text: unknown) =>
  typeof text === "string" &&
  text.trim() !== "" &&
  !ENGLISH.test(text) &&
  (known.has(text) || /[À-ú]|\b(não|inválid|campo|demais|esperava|esperado|recebido|deve)\b/i.test(text));

/** Problems of one answer: a 5xx, a body that is not the envelope, a message not in Portuguese. */
function problems(answer: Answer, expected?: number, download = false): string[] {
  const out: string[] = [];
  if (answer.status >= 500) out.push(`status ${answer.status}`);
  if (expected !== undefined && answer.status !== expected) out.push(`status ${answer.status}, expected ${expected}`);
  // A download route's success is its file, an attachment; its refusals are the envelope like any other.
  if (download && answer.status === 200) {
    if (!answer.headers.get("content-disposition")?.startsWith("attachment;")) out.push("a download not as attachment");
    return out;
  }
  if (!answer.headers.get("content-type")?.includes("application/json"))
    out.push(`content-type ${answer.headers.get("content-type")}`);
  if (answer.status >= 400) {
    const error = answer.json.error;
    if (!error || typeof error.code !== "string") out.push(`no error envelope: ${answer.text.slice(0, 120)}`);
    else if (!portuguese(error.message)) out.push(`message not pt-BR: ${error.message}`);
    for (const field of error?.fields ?? [])
      if (!portuguese(field.message)) out.push(`field ${field.path} message not pt-BR: ${field.message}`);
  } else if (!("data" in answer.json)) out.push("no data envelope");
  return out;
}

async function bounded(run: Promise<Answer>): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CALL_LIMIT_MS} ms`)), CALL_LIMIT_MS);
  });
  try {
    return await Promise.race([run, hang]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- the hostile bodies -------------------------------------------------------------------------

type Case = { name: string; raw?: string; body?: unknown; headers?: Record<string, string>; expected?: number };

// 5000 levels of {"a": …}: JSON.parse reads it, JSON.stringify cannot write it (stack), so a case holds
// this marker and the raw text is spliced in when the body is written.
const DEEP_MARK = "__profundo_5000__";
const DEEP_RAW = `${'{"a":'.repeat(5000)}"fundo"${"}".repeat(5000)}`;
const deep = (_depth: 5000): unknown => DEEP_MARK;
const rawOf = (c: Case): string | undefined =>
  c.raw ?? (c.body !== undefined ? JSON.stringify(c.body).replaceAll(`"${DEEP_MARK}"`, DEEP_RAW) : undefined);
const HUGE = "a".repeat(1_000_000);

function wrongTypeOf(value: unknown): unknown {
  if (typeof value === "number") return "1";
  if (typeof value === "string") return 12345;
  if (typeof value === "boolean") return "sim";
  if (value === null) return 42;
  if (Array.isArray(value)) return { 0: "x" };
  return "x";
}

function casesFor(valid: unknown, cap: number): Case[] {
  const cases: Case[] = [
    { name: "malformed JSON", raw: '{"a": ', expected: 400 },
    { name: "truncated JSON string", raw: '{"a": "sem fim', expected: 400 },
    { name: "an array", raw: "[]" },
    { name: "a string", raw: '"texto"' },
    { name: "a number", raw: "42" },
    { name: "null", raw: "null" },
    { name: "an empty body", raw: "" },
    { name: "nesting 5000 deep as the body", body: deep(5000) },
    { name: "a lone surrogate", raw: '{"x": "\\ud800"}' },
    // Streamed past the cap (no Content-Length: it is counted as it arrives) and declared past it.
    ...(cap <= SINGLE_IMAGE_BODY_MAX_BYTES
      ? [{ name: `a body of cap + 1 (${cap + 1} bytes)`, raw: `"${"a".repeat(cap - 1)}"`, expected: 413 }]
      : []),
    { name: "Content-Length over the cap", raw: "{}", headers: { "content-length": String(cap + 1) }, expected: 413 },
  ];
  if (Array.isArray(valid)) {
    const first = valid[0] as Record<string, unknown>;
    cases.push(
      { name: "an empty array", body: [] },
      { name: "an entry of the wrong type", body: ["x"] },
      {
        name: "14 entries",
        body: Array.from({ length: 14 }, (_, i) => ({ ...first, id: `${String(first.id)}-${i}` })),
      },
      { name: "an entry nested 5000 deep", body: [deep(5000)] },
      ...Object.keys(first).flatMap((field) =>
        fieldCases(first, field).map((c) => ({ ...c, name: `entry ${c.name}`, body: [c.body] })),
      ),
    );
    return cases;
  }
  if (valid && typeof valid === "object") {
    const object = valid as Record<string, unknown>;
    cases.push(
      { name: "an extra field", body: { ...object, campoExtra: "x" } },
      { name: "an extra field nested 5000 deep", body: { ...object, campoExtra: deep(5000) } },
      { name: "an extra field of 1 MB", body: { ...object, campoExtra: HUGE } },
      { name: "__proto__ in the body", raw: JSON.stringify(object).replace(/^\{/, '{"__proto__": {"admin": true}, ') },
      ...Object.keys(object).flatMap((field) => fieldCases(object, field)),
    );
  }
  return cases;
}

function fieldCases(object: Record<string, unknown>, field: string): Case[] {
  const value = object[field];
  const without = { ...object };
  delete without[field];
  const cases: Case[] = [
    { name: `${field}: wrong type`, body: { ...object, [field]: wrongTypeOf(value) } },
    { name: `${field}: missing`, body: without },
    { name: `${field}: nested 5000 deep`, body: { ...object, [field]: deep(5000) } },
  ];
  if (typeof value === "string") {
    cases.push(
      { name: `${field}: 1 MB`, body: { ...object, [field]: HUGE } },
      { name: `${field}: NUL bytes`, body: { ...object, [field]: `${value}\u0000\u0000` } },
      { name: `${field}: only a NUL`, body: { ...object, [field]: "\u0000" } },
    );
  }
  if (typeof value === "number") {
    cases.push(
      { name: `${field}: 2^31`, body: { ...object, [field]: 2 ** 31 } },
      { name: `${field}: 1e20`, body: { ...object, [field]: 1e20 } },
      { name: `${field}: -1`, body: { ...object, [field]: -1 } },
      { name: `${field}: 1.5`, body: { ...object, [field]: 1.5 } },
      { name: `${field}: a numeric string past 2^31`, body: { ...object, [field]: "99999999999" } },
    );
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const inner = value as Record<string, unknown>;
    for (const key of Object.keys(inner).slice(0, 6)) {
      for (const c of fieldCases(inner, key))
        cases.push({ ...c, name: `${field}.${c.name}`, body: { ...object, [field]: c.body } });
    }
  }
  return cases;
}

/** 400 when the contract refuses the body (413 past the cap); otherwise the route decides (anything but a 5xx). */
function expectation(schema: z.ZodType | null, c: Case): number | undefined {
  // A route that takes no payload never reads the body: whatever it answers, never a 5xx.
  if (!schema) return undefined;
  if (c.expected !== undefined) return c.expected;
  let parsed: unknown;
  try {
    const raw = rawOf(c);
    parsed = raw === undefined || raw.trim() === "" ? undefined : JSON.parse(raw);
  } catch {
    return 400;
  }
  return schema.safeParse(parsed).success ? undefined : 400;
}

// Rows that a refused body must not write (counted before and after the refused cases).
const counted: Record<string, () => Promise<number>> = {
  "POST /api/invited/add": () => getDb().invite.count(),
  "POST /api/pendency/create": () => getDb().pendency.count(),
  "POST /api/block/create": () => getDb().block.count(),
  "POST /api/register": () => getDb().accountingOffice.count(),
  "POST /api/block/save": () => getDb().auditEvent.count(),
};

const sent = { total: 0, refused: 0 };

describe("hostile bodies on every POST route", () => {
  test("the routes are found", () => {
    expect(postKeys.length).toBeGreaterThan(60);
  });

  for (const key of postKeys) {
    test(
      key,
      async () => {
        const who = actorFor(key);
        const schema = await contractOf(key);
        const valid = (await requests[key]!.build(m, who)).body;
        const cases = casesFor(valid, capOf(key)).map((c) => ({ ...c, expected: expectation(schema, c) }));
        // The refused ones first, so the rows they must not write are counted around them alone.
        cases.sort((a, b) => Number(a.expected === undefined) - Number(b.expected === undefined));
        const refusedCount = cases.filter((c) => c.expected !== undefined).length;
        const count = counted[key];
        let before = count ? await count() : 0;
        const found: string[] = [];
        for (const [index, c] of cases.entries()) {
          if (index === refusedCount && count) {
            const after = await count();
            if (after !== before) found.push(`the refused bodies wrote ${after - before} rows`);
            before = after;
          }
          const answer = await bounded(send(m, key, who, { rawBody: rawOf(c), headers: c.headers }));
          sent.total += 1;
          if (c.expected !== undefined) sent.refused += 1;
          for (const problem of problems(answer, c.expected, DOWNLOADS.has(key))) found.push(`${c.name}: ${problem}`);
          if (c.expected === undefined) await reset();
        }
        expect(found).toEqual([]);
      },
      120_000,
    );
  }

  test("the bodies were sent (a generator that made nothing would pass the tests above)", () => {
    console.log(`hostile bodies: ${sent.total} sent, ${sent.refused} of them refused by the contract`);
    expect(sent.total).toBeGreaterThan(postKeys.length * 15);
    expect(sent.refused).toBeGreaterThan(postKeys.length * 10);
  });
});

// ---- hostile images ------------------------------------------------------------------------------

type ImageCase = { name: string; dataUrl: () => Promise<string> | string; expected: number[] };
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
const imageCases: ImageCase[] = [
  // A tiny PNG whose header declares 20000 × 20000 pixels: refused by its declared size, never decoded.
  {
    name: "pixel bomb (PNG declaring 20000×20000)",
    dataUrl: async () => toDataUrl(await pixelBombPng(), "image/png"),
    expected: [413],
  },
  { name: "truncated JPEG", dataUrl: async () => toDataUrl(await truncatedJpeg()), expected: [400] },
  {
    name: "wrong magic (a text file called .jpg)",
    dataUrl: () => toDataUrl(textFileNamedJpg().bytes),
    expected: [415],
  },
  { name: "SVG with a script", dataUrl: () => toDataUrl(Buffer.from(svg), "image/svg+xml"), expected: [415] },
  { name: "SVG labelled as PNG", dataUrl: () => toDataUrl(Buffer.from(svg), "image/png"), expected: [415] },
  { name: "HEIC", dataUrl: () => toDataUrl(heicHeader(), "image/heic"), expected: [415] },
  {
    name: "HTML/PNG polyglot (markup first)",
    dataUrl: async () =>
      toDataUrl(Buffer.concat([Buffer.from("<html><script>alert(1)</script>"), await pngBytes()]), "image/png"),
    expected: [415],
  },
  { name: "not base64", dataUrl: () => "data:image/jpeg;base64,@@@@ não é base64 @@@@", expected: [400] },
  { name: "not a data URL", dataUrl: () => "https://exemplo.com/foto.jpg", expected: [400] },
];
const pngBytes = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();

type ImageRoute = {
  key: string;
  body: (m: Matrix, dataUrl: string) => Promise<unknown> | unknown;
  rows: () => Promise<number>;
};
const imageRoutes: ImageRoute[] = [
  {
    key: "POST /api/operator/update/photo",
    body: (_, base64url) => ({ base64url }),
    rows: () => getDb().auditEvent.count(),
  },
  { key: "POST /api/client/logo", body: (_, base64url) => ({ base64url }), rows: () => getDb().auditEvent.count() },
  { key: "POST /api/accounting/logo", body: (_, base64url) => ({ base64url }), rows: () => getDb().auditEvent.count() },
  {
    key: "POST /api/block/create",
    body: (_, base64url) => [{ id: ref(), base64url }],
    rows: () => getDb().document.count(),
  },
  {
    key: "POST /api/pendency/solve",
    body: async (world, base64url) => {
      const pendency = await createPendency({ block: await createBlock({ client: world.w.alpha }) });
      return { pendencyId: pendency.id, documents: [{ id: ref(), base64url }], removedDocuments: [] };
    },
    rows: () => getDb().pendency.count({ where: { solvedAt: { not: null } } }),
  },
];

describe("hostile images", () => {
  for (const route of imageRoutes) {
    test(`${route.key}: each refused with its status and a pt-BR message, nothing written, RSS bounded`, async () => {
      const who = actorFor(route.key);
      const found: string[] = [];
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      for (const c of imageCases) {
        const body = await route.body(m, await c.dataUrl());
        const before = await route.rows();
        const answer = await bounded(send(m, route.key, who, { body }));
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        if (!c.expected.includes(answer.status))
          found.push(
            `${c.name}: status ${answer.status} (${answer.json.error?.message}), expected ${c.expected.join("/")}`,
          );
        for (const problem of problems(answer)) found.push(`${c.name}: ${problem}`);
        if ((await route.rows()) !== before) found.push(`${c.name}: rows written`);
      }
      expect(found).toEqual([]);
      console.log(
        `${route.key}: RSS ${Math.round(rssBefore / 2 ** 20)} MB before, peak +${Math.round((rssPeak - rssBefore) / 2 ** 20)} MB over ${imageCases.length} hostile images`,
      );
      // The bomb is refused from its header, not decoded: a 20000×20000 RGBA decode alone is 1.6 GB.
      expect(rssPeak - rssBefore).toBeLessThan(400 * 1024 * 1024);
    }, 120_000);
  }

  test("a JPEG with a script appended is stored re-encoded, without the payload", async () => {
    const payload = Buffer.from("<script>alert('polyglot')</script>");
    const polyglot = Buffer.concat([await photoJpeg(64, 48), payload]);
    const answer = await send(m, "POST /api/operator/update/photo", actorFor("POST /api/operator/update/photo"), {
      body: { base64url: toDataUrl(polyglot) },
    });
    expect(answer.status).toBe(200);
    const url = (answer.json.data as { pictureUrl: string }).pictureUrl;
    const key = decodeURIComponent(new URL(url, "http://x").pathname.replace(/^\/api\/files\//, ""));
    const files = await send(m, "GET /api/files/[...key]", "anonymous", { path: url, params: { key: key.split("/") } });
    expect(files.status).toBe(200);
    expect(files.headers.get("content-type")).toBe("image/webp");
    expect(files.text.includes("polyglot")).toBe(false);
  });
});
