import { randomBytes } from "node:crypto";
import { AppError } from "@/server/errors";
import { LargeJsonScanner, parseJsonChunks, readJsonBody } from "@/server/http/read-body";

// An upload's body is parsed by scanning its chunks for long strings (server/http/read-body.ts): the
// answer and the failures must be those of JSON.parse on the whole text, wherever the chunks split.

const dataUrl = (bytes = 200_000) => `data:image/jpeg;base64,${randomBytes(bytes).toString("base64")}`;

/** The text cut into chunks of `size` bytes (as a socket would deliver it). */
function chunksOf(text: string | Buffer, size: number): Buffer[] {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

function outcome(parse: () => unknown): { value: unknown } | { error: true } {
  try {
    return { value: parse() };
  } catch {
    return { error: true };
  }
}

const sizes = [1, 7, 4096, 65_536, 1_000_003];

function expectSameAsJsonParse(text: string | Buffer): void {
  const expected = outcome(() => JSON.parse(Buffer.isBuffer(text) ? text.toString("utf8") : text));
  for (const size of sizes) expect(outcome(() => parseJsonChunks(chunksOf(text, size)))).toEqual(expected);
}

describe("parseJsonChunks: the same as JSON.parse", () => {
  const photo = dataUrl();
  const valid: [string, string][] = [
    ["an upload", JSON.stringify([{ id: "a", base64url: photo }, { id: "b", base64url: dataUrl() }, { id: 7 }])],
    [
      "the same data URL twice",
      JSON.stringify([
        { id: "a", base64url: photo },
        { id: "b", base64url: photo },
      ]),
    ],
    ["a long string with escapes", JSON.stringify([{ id: "a", base64url: `${photo}"\\\n\u0001${photo}` }])],
    ["a long non-ASCII string", JSON.stringify([{ id: "a", base64url: `${"ção ".repeat(80_000)}` }])],
    ["a long key", JSON.stringify({ [photo]: 1, x: photo })],
    ["a long top-level string", JSON.stringify(photo)],
    ["a key named __proto__", `{"__proto__": ${JSON.stringify(photo)}, "a": [${JSON.stringify(photo)}]}`],
    ["a string that looks like a placeholder", JSON.stringify([photo, "abc:0", `${photo}:0`])],
    ["whitespace around the tokens", `[ \n {"base64url" \t :\r\n ${JSON.stringify(photo)} } ]`],
    ["deep nesting", `${"[".repeat(500)}${JSON.stringify(photo)}${"]".repeat(500)}`],
  ];
  for (const [name, text] of valid) test(name, () => expectSameAsJsonParse(text));

  const invalid: [string, string][] = [
    ["a raw control character inside a long string", `[${JSON.stringify(photo).slice(0, -1)}\u0000"]`],
    ["a raw newline inside a long string", `["${photo.slice(0, 100_000)}\n${photo.slice(100_000)}"]`],
    ["an unterminated long string", `[{"id":"a","base64url":"${photo}`],
    ["garbage between long strings", `[${JSON.stringify(photo)} x ${JSON.stringify(photo)}]`],
    ["a missing comma", `[${JSON.stringify(photo)} ${JSON.stringify(photo)}]`],
    ["a trailing comma", `[${JSON.stringify(photo)},]`],
    ["a bad escape", `["${photo}\\x"]`],
    ["an odd run of backslashes before the quote", `["${photo}\\"]`],
    ["two bodies", `${JSON.stringify([photo])}${JSON.stringify([photo])}`],
  ];
  for (const [name, text] of invalid)
    test(`fails like JSON.parse: ${name}`, () => {
      expect(outcome(() => JSON.parse(text))).toEqual({ error: true });
      expectSameAsJsonParse(text);
    });

  test("invalid UTF-8 outside and inside strings fails (never read as U+FFFD), wherever the chunks split", () => {
    const inside = Buffer.concat([
      Buffer.from(`[${JSON.stringify(photo)},"`),
      Buffer.from([0xe2, 0x82]),
      Buffer.from(`"]`),
    ]);
    const outside = Buffer.concat([Buffer.from([0xff]), Buffer.from(JSON.stringify([photo]))]);
    for (const body of [inside, outside]) {
      for (const size of sizes) expect(outcome(() => parseJsonChunks(chunksOf(body, size)))).toEqual({ error: true });
    }
  });

  test("a very deep body with a long string puts it back without recursion", () => {
    const depth = 100_000;
    let value = parseJsonChunks(chunksOf(`${"[".repeat(depth)}${JSON.stringify(photo)}${"]".repeat(depth)}`, 65_536));
    for (let level = 0; level < depth; level += 1) value = (value as unknown[])[0];
    expect(value).toBe(photo);
  });

  test("an empty or blank large body is no body", () => {
    expect(parseJsonChunks(chunksOf(" ".repeat(300_000), 65_536))).toBeUndefined();
  });
});

describe("LargeJsonScanner: long strings heard as they arrive", () => {
  test("each long string value is heard once its last byte is in, before the body ends", () => {
    const photos = [dataUrl(), dataUrl()];
    const text = JSON.stringify(photos.map((base64url, i) => ({ id: `p${i}`, base64url })));
    const heard: string[] = [];
    const scanner = new LargeJsonScanner((value) => heard.push(value));
    const chunks = chunksOf(text, 65_536);
    const firstEnds = text.indexOf(photos[0]) + photos[0].length + 1;
    let pushed = 0;
    for (const chunk of chunks) {
      scanner.push(chunk);
      pushed += chunk.length;
      if (pushed > firstEnds && pushed < text.length) expect(heard).toEqual([photos[0]]);
    }
    expect(heard).toEqual(photos);
    expect(scanner.parse()).toEqual(JSON.parse(text));
  });

  test("a long string with an escape is not heard (JSON.parse makes it)", () => {
    const heard: string[] = [];
    const scanner = new LargeJsonScanner((value) => heard.push(value));
    for (const chunk of chunksOf(JSON.stringify([`${dataUrl()}\n`]), 4096)) scanner.push(chunk);
    expect(heard).toEqual([]);
  });
});

describe("readJsonBody", () => {
  const request = (body: Buffer, headers: Record<string, string> = {}) =>
    new Request("http://localhost/", { method: "POST", body: new Uint8Array(body), headers });

  test("a large body: the parsed value", async () => {
    const text = JSON.stringify([{ id: "a", base64url: dataUrl(400_000) }]);
    await expect(readJsonBody(request(Buffer.from(text)), 10_000_000)).resolves.toEqual(JSON.parse(text));
  });

  test("a malformed large body: 400 invalid JSON", async () => {
    const text = `[${JSON.stringify(dataUrl(400_000))} oops]`;
    const error = await readJsonBody(request(Buffer.from(text)), 10_000_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("invalid_input");
  });

  test("a body past the cap: 413", async () => {
    const error = await readJsonBody(request(Buffer.alloc(2_000_000, 0x20)), 1_000_000).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("too_large");
  });

  /** A body whose chunks the test pushes itself; `cancelled` resolves when the reader gives up on it. */
  function streamed() {
    let push!: (text: string) => void;
    let cancelled!: () => void;
    const gaveUp = new Promise<void>((resolve) => (cancelled = resolve));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => (text === "" ? controller.close() : controller.enqueue(new TextEncoder().encode(text)));
      },
      cancel: () => cancelled(),
    });
    const req = new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);
    return { req, push: (text: string) => push(text), gaveUp };
  }

  test("a body that stops arriving: 408, and its stream is cancelled (an upload slot is not held for Node's 5 minutes)", async () => {
    const { req, push, gaveUp } = streamed();
    push('{"clientId":');
    const error = await readJsonBody(req, 1_000_000, undefined, { idleMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("timeout");
    expect((error as AppError).status).toBe(408);
    expect((error as AppError).message).toBe("A requisição demorou demais para chegar.");
    await gaveUp;
  });

  test("a body that keeps arriving is read however long it takes in all: the limit is on each wait", async () => {
    const { req, push } = streamed();
    const reading = readJsonBody(req, 1_000_000, undefined, { idleMs: 500 });
    // six waits of 150 ms outlast the 500 ms limit in all, and none comes near it
    for (const piece of ['{"a":', "1,", '"b":', "[2,", "3]}"]) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      push(piece);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    push("");
    await expect(reading).resolves.toEqual({ a: 1, b: [2, 3] });
  });

  /** A body that sends one byte of `text` each time it is asked, `everyMs` apart, without ever stalling long. */
  function dripped(text: string, everyMs: number) {
    const bytes = new TextEncoder().encode(text);
    let at = 0;
    let cancelled!: () => void;
    const gaveUp = new Promise<void>((resolve) => (cancelled = resolve));
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, everyMs));
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, (at += 1)));
      },
      cancel: () => cancelled(),
    });
    const req = new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);
    return { req, gaveUp };
  }

  test("a body dripped a byte at a time (never idle) is 408 once it falls under the minimum rate, and its stream is cancelled", async () => {
    const { req, gaveUp } = dripped(`{"base64url":"${"A".repeat(100_000)}"}`, 5);
    const limits = { idleMs: 10_000, minBytesPerSecond: 10_000, maxMs: 60_000, graceMs: 100 };
    const error = await readJsonBody(req, 1_000_000, undefined, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).status, (error as AppError).code]).toEqual([408, "timeout"]);
    await gaveUp;
  });

  test("a body that keeps its rate but outlasts the total time is 408", async () => {
    const { req, gaveUp } = dripped(`{"base64url":"${"A".repeat(100_000)}"}`, 1);
    const limits = { idleMs: 10_000, minBytesPerSecond: 1, maxMs: 150, graceMs: 0 };
    const error = await readJsonBody(req, 1_000_000, undefined, limits).catch((e: unknown) => e);
    expect([(error as AppError).status, (error as AppError).code]).toEqual([408, "timeout"]);
    await gaveUp;
  });

  test("a body at the minimum rate or faster is read", async () => {
    const { req } = dripped('{"a":[1,2,3]}', 1);
    await expect(
      readJsonBody(req, 1_000_000, undefined, { idleMs: 10_000, minBytesPerSecond: 10, maxMs: 60_000, graceMs: 1_000 }),
    ).resolves.toEqual({ a: [1, 2, 3] });
  });

  test("invalid UTF-8 inside a JSON string is 400, never read as U+FFFD (small and large bodies)", async () => {
    const bad = (text: string) =>
      Buffer.concat([Buffer.from(`{"name":"a`), Buffer.from([0xc3, 0x28]), Buffer.from(`b","pad":"${text}"}`)]);
    for (const body of [bad(""), bad("x".repeat(300_000))]) {
      const error = await readJsonBody(request(body), 10_000_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect([(error as AppError).status, (error as AppError).code]).toEqual([400, "invalid_input"]);
    }
    // valid UTF-8 (accents, an emoji) is read as it was sent
    await expect(readJsonBody(request(Buffer.from('{"name":"Ação 🙂"}')), 1_000)).resolves.toEqual({ name: "Ação 🙂" });
  });
});
