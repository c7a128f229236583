// POST /api/block/import through the real handler: fiscal XMLs (NF-e/NFC-e 3.10 and 4.00, CT-e, CF-e)
// and ZIPs of them become uncategorised blocks with their XML kept and their findings written; duplicates,
// hostile files and the callers who may not import answered; nothing stored for what is refused.
import { createHash, randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as importPost } from "@/app/api/block/import/route";
import { POST as listPost } from "@/app/api/block/list/route";
import { POST as undoPost } from "@/app/api/block/sent/undo/route";
import { blockImportAnswer, type ImportResult } from "@/lib/contract/fiscal";
import { fiscalDocumentFinding } from "@/lib/fiscal/findings";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";
import { getDb } from "@/server/db/client";
import { stopOcr } from "@/server/fiscal/ocr";
import { readDocument } from "@/server/documents/read-document";
import { readFiscalXml } from "@/server/fiscal/read-fiscal-xml";
import { getBlobStore } from "@/server/storage";
import { createBlock } from "../helpers/factories";
import { buildCfe, buildCte, buildNfe, deflatedZeros, zipDeflated, zipFiles } from "../../scripts/lib/fiscal-xml";
import { call } from "../helpers/http";
import { receiptJpeg } from "../helpers/images";
import { buildBusinessWorld, documentBlobs, type BusinessPerson, type BusinessWorld } from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-block-import-${randomBytes(4).toString("hex")}`);
// A photo without a code is read by OCR: its worker ends with the file.
afterAll(async () => {
  await stopOcr();
  await rm(process.env.DATA_DIR!, { recursive: true, force: true });
});

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

const db = () => getDb();
const dataUrl = (bytes: Buffer | string, mime = "application/xml") =>
  `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
const xmlFile = (name: string, bytes: Buffer | string, mime?: string) => ({ name, base64url: dataUrl(bytes, mime) });
const zipFile = (name: string, bytes: Buffer) => ({ name, base64url: dataUrl(bytes, "application/zip") });
const send = (token: string | undefined, body: unknown) =>
  call<ImportResult[]>(importPost, { body, token, path: "/api/block/import" });
const answerOf = (res: { status: number; json: { data?: unknown } }) => {
  expect(res.status).toBe(200);
  return blockImportAnswer.parse(res.json.data);
};

/** Everything an import could leave behind for a client: rows and blobs. */
async function footprint(clientId: number) {
  const [blocks, documents, findings] = await Promise.all([
    db().block.count({ where: { clientId } }),
    db().document.count({ where: { clientId } }),
    db().documentFinding.count({ where: { clientId } }),
  ]);
  return { blocks, documents, findings, blobs: await documentBlobs(clientId) };
}

describe("POST /api/block/import: what is created", () => {
  test("a company user's NF-e: an uncategorised block it sent, its XML kept byte for byte, its finding written", async () => {
    const { alpha, regularAlpha } = world;
    const nfe = buildNfe();
    const [result] = answerOf(await send(tokens.regularAlpha, { files: [xmlFile("nota.xml", nfe.bytes)] }));
    expect(result).toEqual({ name: "nota.xml", status: "created", blockId: expect.any(Number), key: nfe.key });

    const block = await db().block.findUniqueOrThrow({
      where: { id: result!.blockId },
      include: { documents: { include: { findings: true } } },
    });
    expect(block).toMatchObject({
      clientId: alpha.id,
      accountId: null,
      categorizedAt: null,
      sentById: regularAlpha.id,
      importedById: null,
      importedKey: nfe.key,
      undoneAt: null,
      devolvedAt: null,
    });
    expect(Date.now() - block.sentAt.getTime()).toBeLessThan(60_000);
    expect(block.documents).toHaveLength(1);
    const doc = block.documents[0]!;
    expect(doc).toMatchObject({
      clientId: alpha.id,
      uploadedById: regularAlpha.id,
      position: 1,
      originalName: "nota.xml",
      displayKey: null,
      thumbKey: null,
      mime: "image/webp",
      width: 1240,
      height: 1754,
      size: 0,
      sourceMime: "application/xml",
      readAt: null,
    });
    expect(doc.sourceKey).toMatch(
      new RegExp(`^clients/${alpha.id}/documents/[0-9a-f-]{36}/documento-[0-9a-f]{8}\\.xml$`),
    );
    expect(doc.hash).toBe(createHash("sha256").update(nfe.bytes).digest("hex"));
    const stored = await getBlobStore().get(doc.sourceKey!);
    expect(stored && Buffer.compare(stored.body, nfe.bytes)).toBe(0);
    const parsed = readFiscalXml(nfe.bytes);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(doc.findings).toEqual([
      expect.objectContaining({
        clientId: alpha.id,
        position: 0,
        source: "xml",
        code: nfe.key,
        finding: fiscalDocumentFinding(parsed.document),
        // alpha's CNPJ is neither the issuer's nor the recipient's.
        marks: ["thirdParty"],
      }),
    ]);
    const audit = await db().auditEvent.findFirst({ where: { clientId: alpha.id, action: "block.import" } });
    expect(audit).not.toBeNull();
  });

  test("an office operator's import: no sender (so no undo), imported_by the operator, no uploader", async () => {
    const { alpha, regularA } = world;
    const nfe = buildNfe({ homologation: true, protocol: false });
    const [result] = answerOf(
      await send(tokens.regularA, { clientId: alpha.id, files: [xmlFile("homolog.xml", nfe.bytes)] }),
    );
    expect(result!.status).toBe("created");
    const block = await db().block.findUniqueOrThrow({
      where: { id: result!.blockId },
      include: { documents: { include: { findings: true } } },
    });
    expect(block).toMatchObject({ sentById: null, importedById: regularA.id, importedKey: nfe.key });
    expect(block.documents[0]).toMatchObject({ uploadedById: null, displayKey: null });
    expect(block.documents[0]!.findings[0]!.marks).toEqual(["homologation", "unauthorized", "thirdParty"]);

    for (const person of ["ownerAlpha", "regularAlpha"] as const) {
      const undo = await call(undoPost, {
        body: { blockId: block.id },
        token: tokens[person],
        path: "/api/block/sent/undo",
      });
      expect([403, 404]).toContain(undo.status);
    }
    expect((await db().block.findUniqueOrThrow({ where: { id: block.id } })).undoneAt).toBeNull();
  });

  test("a company user may undo its import; the same note imported again makes a new block", async () => {
    const nfe = buildNfe();
    const [first] = answerOf(await send(tokens.adminAlpha, { files: [xmlFile("a.xml", nfe.bytes)] }));
    const undo = await call(undoPost, {
      body: { blockId: first!.blockId },
      token: tokens.adminAlpha,
      path: "/api/block/sent/undo",
    });
    expect(undo.status).toBe(200);
    const [again] = answerOf(await send(tokens.adminAlpha, { files: [xmlFile("a.xml", nfe.bytes)] }));
    expect(again).toMatchObject({ status: "created", key: nfe.key });
    expect(again!.blockId).not.toBe(first!.blockId);
  });

  test("a ZIP with folders, three NF-e and a broken file: 3 created and 1 invalid, in order, named zip/entry", async () => {
    const notes = [buildNfe(), buildNfe({ layout: "3.10" }), buildNfe({ model: "65" })];
    const zip = zipFiles({
      "2024/03/a.xml": notes[0]!.bytes,
      "2024/b.xml": notes[1]!.bytes,
      "quebrado.xml": "<NFe><infNFe>",
      "c.xml": notes[2]!.bytes,
    });
    const answer = answerOf(await send(tokens.ownerAlpha, { files: [zipFile("notas.zip", zip)] }));
    expect(answer.map((r) => [r.name, r.status])).toEqual([
      ["notas.zip/2024/03/a.xml", "created"],
      ["notas.zip/2024/b.xml", "created"],
      ["notas.zip/quebrado.xml", "invalid"],
      ["notas.zip/c.xml", "created"],
    ]);
    expect(answer[2]!.message).toBe(fiscalMessages.xml.malformed);
    expect(answer.filter((r) => r.status === "created").map((r) => r.key)).toEqual(notes.map((n) => n.key));
    const names = await db().document.findMany({
      where: { blockId: { in: answer.flatMap((r) => (r.blockId ? [r.blockId] : [])) } },
      select: { originalName: true },
      orderBy: { id: "asc" },
    });
    expect(names.map((n) => n.originalName)).toEqual([
      "notas.zip/2024/03/a.xml",
      "notas.zip/2024/b.xml",
      "notas.zip/c.xml",
    ]);
  });

  test("every layout: ISO-8859-1, NF-e 3.10 and 4.00 bare and with protocol, NFC-e, CT-e bare and cteProc, CF-e", async () => {
    const built = {
      latin1: buildNfe({ latin1: true }),
      nfe310: buildNfe({ layout: "3.10" }),
      bare400: buildNfe({ protocol: false }),
      bare310: buildNfe({ layout: "3.10", protocol: false }),
      nfce: buildNfe({ model: "65" }),
      cteProc: buildCte(),
      cteBare: buildCte({ protocol: false }),
      cfe: buildCfe(),
    };
    const files = Object.entries(built).map(([name, xml]) => xmlFile(`${name}.xml`, xml.bytes));
    const answer = answerOf(await send(tokens.regularA, { clientId: world.alpha.id, files }));
    expect(answer.map((r) => [r.name, r.status, r.key])).toEqual(
      Object.entries(built).map(([name, xml]) => [`${name}.xml`, "created", xml.key]),
    );
    const latin = await db().documentFinding.findFirstOrThrow({ where: { code: built.latin1.key } });
    expect((latin.finding as { supplierName: string }).supplierName).toBe("Distribuidora Paraná de Peças Ltda");
  });

  test("the data URL's type is not trusted: XML bytes sent as application/zip are read as XML", async () => {
    const nfe = buildNfe();
    const [result] = answerOf(
      await send(tokens.regularAlpha, { files: [xmlFile("x.zip", nfe.bytes, "application/zip")] }),
    );
    expect(result).toMatchObject({ status: "created", key: nfe.key });
  });

  test("ZIP entry names are labels: '../' and NUL bytes are read as any other entry, nothing leaves the store", async () => {
    const [a, b] = [buildNfe(), buildNfe()];
    const zip = zipFiles({ "../../../../tmp/fora.xml": a.bytes, "nul\u0000.xml": b.bytes });
    const answer = answerOf(await send(tokens.regularAlpha, { files: [zipFile("z.zip", zip)] }));
    expect(answer.map((r) => [r.name, r.status])).toEqual([
      ["z.zip/../../../../tmp/fora.xml", "created"],
      ["z.zip/nul.xml", "created"],
    ]);
    const doc = await db().document.findFirstOrThrow({ where: { blockId: answer[0]!.blockId } });
    expect(doc.sourceKey).toMatch(/^clients\/\d+\/documents\/[0-9a-f-]{36}\/documento-[0-9a-f]{8}\.xml$/);
  });
});

describe("POST /api/block/import: duplicates", () => {
  test("against an earlier import, and twice in one request: duplicate, nothing created", async () => {
    const { alpha } = world;
    const nfe = buildNfe();
    const [first] = answerOf(await send(tokens.regularAlpha, { files: [xmlFile("a.xml", nfe.bytes)] }));
    const before = await footprint(alpha.id);
    const again = answerOf(
      await send(tokens.regularA, {
        clientId: alpha.id,
        files: [xmlFile("b.xml", nfe.bytes), xmlFile("c.xml", nfe.bytes)],
      }),
    );
    expect(again).toEqual([
      { name: "b.xml", status: "duplicate", key: nfe.key, duplicateOf: [first!.blockId], message: expect.any(String) },
      { name: "c.xml", status: "duplicate", key: nfe.key, duplicateOf: [first!.blockId], message: expect.any(String) },
    ]);
    expect(await footprint(alpha.id)).toEqual(before);

    const other = buildNfe();
    const twice = answerOf(
      await send(tokens.regularAlpha, { files: [xmlFile("1.xml", other.bytes), xmlFile("2.xml", other.bytes)] }),
    );
    expect(twice[0]!.status).toBe("created");
    expect(twice[1]).toMatchObject({ status: "duplicate", key: other.key, duplicateOf: [twice[0]!.blockId] });
  });

  test("against a photo's finding in a live block; not against an undone or a devolved block", async () => {
    const { alpha } = world;
    const nfe = buildNfe();
    const photoBlock = await createBlock({ client: alpha });
    await db().documentFinding.create({
      data: {
        documentId: photoBlock.documents[0]!.id,
        clientId: alpha.id,
        position: 0,
        source: "qrcode",
        code: nfe.key,
        finding: { kind: "fiscal", source: "qrcode", key: nfe.key },
      },
    });
    const [dup] = answerOf(await send(tokens.regularAlpha, { files: [xmlFile("a.xml", nfe.bytes)] }));
    expect(dup).toMatchObject({ status: "duplicate", key: nfe.key, duplicateOf: [photoBlock.id] });

    const undone = buildNfe();
    const undoneBlock = await createBlock({ client: alpha });
    await db().block.update({ where: { id: undoneBlock.id }, data: { undoneAt: new Date(), importedKey: undone.key } });
    const devolved = buildNfe();
    const devolvedBlock = await createBlock({ client: alpha, state: "devolved" });
    await db().block.update({ where: { id: devolvedBlock.id }, data: { importedKey: devolved.key } });
    await db().documentFinding.create({
      data: {
        documentId: devolvedBlock.documents[0]!.id,
        clientId: alpha.id,
        position: 0,
        source: "xml",
        code: devolved.key,
        finding: { kind: "fiscal", source: "xml", key: devolved.key },
      },
    });
    const answer = answerOf(
      await send(tokens.regularAlpha, { files: [xmlFile("u.xml", undone.bytes), xmlFile("d.xml", devolved.bytes)] }),
    );
    expect(answer.map((r) => r.status)).toEqual(["created", "created"]);
  });

  test("two imports of one key at once make ONE block; the other answers duplicate of it", async () => {
    const { alpha } = world;
    const nfe = buildNfe();
    const [a, b] = await Promise.all([
      send(tokens.regularAlpha, { files: [xmlFile("a.xml", nfe.bytes)] }),
      send(tokens.regularA, { clientId: alpha.id, files: [xmlFile("b.xml", nfe.bytes)] }),
    ]);
    const results = [answerOf(a)[0]!, answerOf(b)[0]!];
    const blocks = await db().block.findMany({ where: { clientId: alpha.id, importedKey: nfe.key } });
    expect(blocks).toHaveLength(1);
    expect(results.map((r) => r.status).sort()).toEqual(["created", "duplicate"]);
    expect(results.find((r) => r.status === "duplicate")!.duplicateOf).toEqual([blocks[0]!.id]);
    // The loser's XML was not kept.
    expect(await db().document.count({ where: { blockId: blocks[0]!.id } })).toBe(1);
    const docs = await db().document.findMany({ where: { clientId: alpha.id }, select: { sourceKey: true } });
    const named = new Set(docs.map((d) => d.sourceKey));
    const stray = (await documentBlobs(alpha.id)).filter(
      (file) => file.endsWith(".xml") && !named.has(`clients/${alpha.id}/documents/${file}`),
    );
    expect(stray).toEqual([]);
  });
});

describe("POST /api/block/import: a failure leaves nothing", () => {
  afterEach(() => jest.restoreAllMocks());

  test("the blob store failing on the second XML: no row, and the XML already stored deleted", async () => {
    const { alpha } = world;
    const before = await footprint(alpha.id);
    const store = getBlobStore();
    const put = store.put.bind(store);
    let calls = 0;
    jest.spyOn(store, "put").mockImplementation(async (key, bytes, type) => {
      calls += 1;
      if (calls === 2) throw new Error("disco cheio");
      return put(key, bytes, type);
    });
    const files = [buildNfe(), buildNfe(), buildNfe()].map((nfe, i) => xmlFile(`${i}.xml`, nfe.bytes));
    const res = await send(tokens.regularAlpha, { files });
    expect(res.status).toBe(500);
    jest.restoreAllMocks();
    expect(await footprint(alpha.id)).toEqual(before);
  });

  test("the transaction failing after its inserts: rolled back, every XML of the request deleted", async () => {
    const { alpha } = world;
    const before = await footprint(alpha.id);
    const database = db();
    const transaction = database.$transaction.bind(database) as (
      fn: (tx: unknown) => Promise<unknown>,
      options?: unknown,
    ) => Promise<unknown>;
    jest.spyOn(database, "$transaction").mockImplementationOnce(((
      fn: (tx: unknown) => Promise<unknown>,
      options?: unknown,
    ) =>
      transaction(async (tx) => {
        await fn(tx);
        throw new Error("conexão perdida");
      }, options)) as never);
    const files = [buildNfe(), buildNfe()].map((nfe, i) => xmlFile(`${i}.xml`, nfe.bytes));
    const res = await send(tokens.regularAlpha, { files });
    expect(res.status).toBe(500);
    expect(await footprint(alpha.id)).toEqual(before);
  });
});

describe("POST /api/block/import: hostile and wrong input, never a 500, nothing stored", () => {
  const billionLaughs =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("") +
    "]><NFe>&lol9;</NFe>";
  const externalEntity = '<?xml version="1.0"?><!DOCTYPE NFe [<!ENTITY x SYSTEM "file:///etc/passwd">]><NFe>&x;</NFe>';
  const m = fiscalMessages;

  type Case = { name: string; files: () => Promise<unknown[]> | unknown[]; status: number; message?: string };
  const cases: Case[] = [
    { name: "external entity", files: () => [xmlFile("xxe.xml", externalEntity)], status: 200, message: m.xml.doctype },
    { name: "billion laughs", files: () => [xmlFile("lol.xml", billionLaughs)], status: 200, message: m.xml.doctype },
    {
      name: "bad check digit",
      files: () => [xmlFile("dv.xml", buildNfe({ wrongDigit: true }).bytes)],
      status: 200,
      message: m.xml.badKey,
    },
    {
      name: "not a fiscal document",
      files: () => [xmlFile("html.xml", "<html><body/></html>")],
      status: 200,
      message: m.xml.notFiscal,
    },
    {
      name: "malformed",
      files: () => [xmlFile("m.xml", "<NFe><infNFe></NFe>")],
      status: 200,
      message: m.xml.malformed,
    },
    {
      name: "a 20 MB XML",
      files: () => [xmlFile("big.xml", `<NFe>${"a".repeat(20 * 1024 * 1024)}</NFe>`)],
      status: 200,
      message: m.xml.tooLarge,
    },
    {
      name: "a PDF given as XML",
      files: () => [xmlFile("nota.xml", "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")],
      status: 200,
      message: m.import.notXmlOrZip,
    },
    {
      name: "a JPEG given as XML",
      files: async () => [xmlFile("nota.xml", await receiptJpeg({ width: 64, height: 48 }))],
      status: 200,
      message: m.import.notXmlOrZip,
    },
    {
      name: "not base64",
      files: () => [{ name: "x.xml", base64url: "data:application/xml;base64,@@@@" }],
      status: 200,
      message: m.import.notDataUrl,
    },
    {
      name: "not a data URL",
      files: () => [{ name: "x.xml", base64url: "<NFe/>" }],
      status: 200,
      message: m.import.notDataUrl,
    },
    {
      name: "a PDF inside a ZIP",
      files: () => [zipFile("z.zip", zipFiles({ "a.pdf": "%PDF-1.4" }))],
      status: 200,
      message: m.xml.notFiscal,
    },
    {
      name: "a ZIP bomb (1 GiB of zeros in KBs)",
      files: () => [zipFile("bomba.zip", zipDeflated([{ name: "bomba.xml", ...deflatedZeros(1024) }]))],
      status: 413,
      message: m.zip.tooLarge(200),
    },
    {
      name: "a ZIP bomb whose headers understate each entry (5 x 100 MiB declared 1 KB)",
      files: () => {
        const zeros = deflatedZeros(100);
        return [
          zipFile(
            "bomba.zip",
            zipDeflated(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.xml`, ...zeros, declaredSize: 1000 }))),
          ),
        ];
      },
      status: 400,
      message: m.zip.corrupt,
    },
    {
      name: "a ZIP bomb of honest entries past 200 MB in all (3 x 100 MiB)",
      files: () => {
        const zeros = deflatedZeros(100);
        return [
          zipFile("bomba.zip", zipDeflated(Array.from({ length: 3 }, (_, i) => ({ name: `${i}.xml`, ...zeros })))),
        ];
      },
      status: 413,
      message: m.zip.tooLarge(200),
    },
    {
      name: "a ZIP of 10,000 entries",
      files: () => [
        zipFile(
          "muitos.zip",
          zipFiles(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`${i}.xml`, "<a/>"]))),
        ),
      ],
      status: 413,
      message: m.zip.tooManyEntries(2000),
    },
    {
      name: "a corrupt ZIP",
      files: () => [zipFile("c.zip", Buffer.from("PK\u0003\u0004garbage"))],
      status: 400,
      message: m.zip.corrupt,
    },
    { name: "an empty files list", files: () => [], status: 400 },
  ];

  for (const { name, files, status, message } of cases) {
    test(name, async () => {
      const { alpha } = world;
      const before = await footprint(alpha.id);
      const body = { files: await files() };
      // The route runs in this process: its peak RSS over the call, sampled every 10 ms.
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
      const started = performance.now();
      const res = await send(tokens.regularAlpha, body).finally(() => clearInterval(sampler));
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      if (name === "billion laughs")
        console.log(`billion laughs answered in ${(performance.now() - started).toFixed(0)} ms`);
      expect(res.status).toBe(status);
      // Nothing is inflated or expanded whole: a bomb costs what its bytes cost (the import's 300 MB budget).
      expect(rssPeak - rssBefore).toBeLessThan(300 * 2 ** 20);
      if (status === 200) {
        const [result] = blockImportAnswer.parse(res.json.data);
        expect(result).toMatchObject({ status: "invalid", message });
      } else if (message) {
        expect(res.json.error?.message).toBe(message);
      }
      expect(await footprint(alpha.id)).toEqual(before);
    });
  }

  test("a file name with a NUL byte: refused or read, never a 500", async () => {
    const res = await send(tokens.regularAlpha, { files: [xmlFile("a\u0000b.xml", buildNfe().bytes)] });
    expect([200, 400]).toContain(res.status);
  });

  test("an office operator without clientId: 400 naming the client; an id past 2^31: 400", async () => {
    const nfe = buildNfe();
    const missing = await send(tokens.regularA, { files: [xmlFile("a.xml", nfe.bytes)] });
    expect(missing.status).toBe(400);
    expect(missing.json.error?.message).toBe("Informe o cliente.");
    const huge = await send(tokens.regularA, { clientId: 2 ** 31, files: [xmlFile("a.xml", nfe.bytes)] });
    expect(huge.status).toBe(400);
  });
});

describe("POST /api/block/import: who may import", () => {
  test("another office, another company, an operator who cannot see the client: 404 as /api/block/list", async () => {
    const { alpha, beta } = world;
    const before = await footprint(alpha.id);
    const files = [xmlFile("a.xml", buildNfe().bytes)];
    for (const who of ["ownerB", "outsiderA", "adminA", "ownerBeta"] as const) {
      const res = await send(tokens[who], { clientId: alpha.id, files });
      expect([who, res.status]).toEqual([who, 404]);
      if (who !== "ownerBeta") {
        const list = await call(listPost, {
          body: { clientId: alpha.id },
          token: tokens[who],
          path: "/api/block/list",
        });
        expect([who, list.status]).toEqual([who, 404]);
      }
    }
    // A company user naming another client: 404, even its own office's.
    expect((await send(tokens.regularAlpha, { clientId: beta.id, files })).status).toBe(404);
    expect(await footprint(alpha.id)).toEqual(before);
  });

  test("a blocked member is refused as on every route; no token: 401", async () => {
    const files = [xmlFile("a.xml", buildNfe().bytes)];
    expect((await send(tokens.blockedAlpha, { files })).status).toBe(401);
    expect((await send(undefined, { files })).status).toBe(401);
  });
});

describe("the document-read job on an imported document", () => {
  test("draws and stores the page, marks it read; a second run does nothing", async () => {
    const nfe = buildNfe({ items: 5 });
    const [result] = answerOf(await send(tokens.regularAlpha, { files: [xmlFile("a.xml", nfe.bytes)] }));
    const doc = await db().document.findFirstOrThrow({ where: { blockId: result!.blockId } });

    expect(await readDocument(doc.id)).toBe("read");
    const drawn = await db().document.findUniqueOrThrow({ where: { id: doc.id } });
    expect(drawn.displayKey).not.toBeNull();
    expect(drawn.thumbKey).not.toBeNull();
    expect(drawn.readAt).not.toBeNull();
    expect(drawn.size).toBeGreaterThan(0);
    expect(await getBlobStore().get(drawn.displayKey!)).not.toBeNull();
    expect(await getBlobStore().get(drawn.thumbKey!)).not.toBeNull();
    expect(drawn.sourceKey).toBe(doc.sourceKey);

    expect(await readDocument(doc.id)).toBe("already read");
    expect(await db().document.findUniqueOrThrow({ where: { id: doc.id } })).toEqual(drawn);
    expect(await db().documentFinding.count({ where: { documentId: doc.id } })).toBe(1);
  });
});
