import "server-only";
import { LRUCache } from "lru-cache";
import type PgBoss from "pg-boss";
import type { Finding } from "@/lib/fiscal/block-reading";
import { accessKeyFinding, fiscalQrFinding, findingCode, paymentFinding } from "@/lib/fiscal/findings";
import type { PaymentCode } from "@/lib/fiscal/payment-codes";
import { saoPauloDay } from "@/lib/format/deadline";
import { getDb, type Db } from "@/server/db/client";
import { renderFiscalPage } from "@/server/fiscal/danfe-page";
import { pdfText } from "@/server/fiscal/read-pdf";
import { findInPdfText } from "@/server/fiscal/read-pdf-text";
import { readDocumentCodes, type CodeReading } from "@/server/fiscal/read-codes";
import { readFiscalXml } from "@/server/fiscal/read-fiscal-xml";
import { readPageText } from "@/server/fiscal/ocr";
import { processImage } from "@/server/images/pipeline";
import { documentReadKey, QUEUES, READ_PRIORITY } from "@/server/queue/queues";
import { getBlobStore, type BlobStore } from "@/server/storage";
import { deleteDocumentBlobs, storeDocumentImage } from "./document-blobs";
import { PDF_MIME } from "./pdf-intake";

// The document-read job: what a stored document carries in machine-readable form, read after the
// request that stored it (docs/decisions/0271-fiscal-reading-contract.md). An imported XML was read at
// import (its findings are written with it); here its page is drawn. A photo's codes are read off its
// stored picture. A PDF's page: its text layer first, then its drawn picture as a photo's when the
// text gave nothing. A picture without any code has its text read by OCR (server/fiscal/ocr.ts: the
// total, the date, the supplier), a guess the operator confirms. Either way the document is then marked
// read (read_at).

export const XML_MIME = "application/xml";

/** Time for the views of one photo (read-codes.ts): the job holds one core meanwhile. */
const PHOTO_BUDGET_MS = 4_000;

/**
 * The text layers of the PDFs whose pages this process reads, by the kept PDF's key: a PDF of N pages is
 * N documents, read one after the other, and its text is read once (one child process), not once per
 * page. A PDF that no longer opens is kept as no pages. Bounded by characters; a PDF larger than the
 * bound is read again per page.
 */
const pdfTexts = new LRUCache<string, string[]>({
  max: 64,
  maxSize: 4_000_000,
  sizeCalculation: (pages) =>
    Math.max(
      1,
      pages.reduce((sum, page) => sum + page.length, 0),
    ),
  ttl: 10 * 60_000,
});

type ReadOptions = { db?: Db; store?: BlobStore; now?: Date };
export type ReadResult = "read" | "already read" | "gone";

const isoDay = (date: Date): string => {
  const { year, month, day } = saoPauloDay(date);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};

/** A code read off a photo as a finding. */
export function codeFinding(reading: CodeReading): Finding {
  if (reading.kind === "access-key") return accessKeyFinding(reading, reading.source);
  if (reading.kind === "fiscal-qr") return fiscalQrFinding(reading);
  // The payment code alone: the reading also carries its raw text and source, which are not the code's.
  const code: PaymentCode =
    reading.kind === "boleto"
      ? {
          kind: "boleto",
          barcode: reading.barcode,
          bank: reading.bank,
          dueDate: reading.dueDate,
          valueCents: reading.valueCents,
        }
      : { kind: "arrecadacao", barcode: reading.barcode, segment: reading.segment, valueCents: reading.valueCents };
  return paymentFinding(code, reading.source);
}

export async function readDocument(documentId: number, options: ReadOptions = {}): Promise<ReadResult> {
  const { db = getDb(), store = getBlobStore(), now = new Date() } = options;
  const doc = await db.document.findUnique({
    where: { id: documentId },
    select: {
      id: true,
      clientId: true,
      displayKey: true,
      sourceKey: true,
      sourceMime: true,
      sourcePage: true,
      readAt: true,
    },
  });
  if (!doc) return "gone";
  if (doc.readAt) return "already read";
  if (doc.sourceMime === XML_MIME && doc.sourceKey && doc.displayKey === null) {
    return drawXmlPage(db, store, { id: doc.id, clientId: doc.clientId, sourceKey: doc.sourceKey }, now);
  }
  let findings: Finding[] = [];
  if (doc.sourceMime === PDF_MIME && doc.sourceKey && doc.sourcePage !== null) {
    findings = await pdfPageFindings(store, doc.sourceKey, doc.sourcePage, now);
  }
  if (findings.length === 0 && doc.displayKey) findings = await photoFindings(store, doc.displayKey, now);
  await db.$transaction(async (tx) => {
    const marked = await tx.document.updateMany({ where: { id: doc.id, readAt: null }, data: { readAt: now } });
    if (marked.count === 0) return; // read by another run meanwhile
    await tx.documentFinding.createMany({
      data: findings.map((finding, position) => ({
        documentId: doc.id,
        clientId: doc.clientId,
        position,
        source: finding.source,
        code: findingCode(finding),
        finding,
      })),
    });
  });
  return "read";
}

async function photoFindings(store: BlobStore, key: string, now: Date): Promise<Finding[]> {
  const picture = await store.get(key);
  if (!picture) return [];
  const today = isoDay(now);
  const readings = await readDocumentCodes(picture.body, { today, budgetMs: PHOTO_BUDGET_MS });
  if (readings.length > 0) return readings.map(codeFinding);
  const text = await readPageText(picture.body, today);
  return text ? [{ kind: "ocr", source: "ocr", ...text }] : [];
}

/**
 * What one page's text layer says (read-pdf-text.ts): its access keys (the issuer is the key's own)
 * with the page's total, and its boletos' and slips' codes. A PDF that no longer opens
 * (it opened when sent) gives nothing: the page's picture is read instead.
 */
async function pdfPageFindings(store: BlobStore, sourceKey: string, page: number, now: Date): Promise<Finding[]> {
  let pages = pdfTexts.get(sourceKey);
  if (!pages) {
    const source = await store.get(sourceKey);
    if (!source) return [];
    const text = await pdfText(source.body);
    pages = text.ok ? text.pages : [];
    pdfTexts.set(sourceKey, pages);
  }
  const pageText = pages[page - 1];
  if (!pageText) return [];
  const found = findInPdfText(pageText, isoDay(now));
  return [
    ...found.accessKeys.map((key) => ({ ...accessKeyFinding(key, "pdf-text"), valueCents: found.totalCents })),
    ...found.paymentCodes.map((code) => paymentFinding(code, "pdf-text")),
  ];
}

/** An imported XML's page: drawn, stored, then named by the row (unless another run named one first). */
async function drawXmlPage(
  db: Db,
  store: BlobStore,
  doc: { id: number; clientId: number; sourceKey: string },
  now: Date,
): Promise<ReadResult> {
  const source = await store.get(doc.sourceKey);
  const parsed = source ? readFiscalXml(source.body) : null;
  if (!parsed?.ok) throw new Error(`document ${doc.id}: its XML could not be read again`);
  const image = await processImage(await renderFiscalPage(parsed.document));
  const keys = await storeDocumentImage(store, doc.clientId, image);
  const stored = await db.document.updateMany({
    where: { id: doc.id, displayKey: null },
    data: { ...keys, mime: image.mime, width: image.width, height: image.height, size: image.size, readAt: now },
  });
  if (stored.count === 0) await deleteDocumentBlobs(store, [keys]);
  return "read";
}

/** How many unread documents one sweep sends to be read. */
const SWEEP_BATCH = 500;
/** A document stored this recently has its own read queued by the commit that stored it: not swept. */
export const SWEEP_GRACE_MS = 10 * 60_000;

/**
 * The document-read sweep: a document-read job, behind every new one, for each document not read yet
 * and stored more than SWEEP_GRACE_MS ago (stored while the queue could not be reached, or a backlog).
 * Oldest first, SWEEP_BATCH per run.
 */
export async function sweepUnreadDocuments(boss: PgBoss, db: Db = getDb(), now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SWEEP_GRACE_MS);
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM documents WHERE read_at IS NULL AND deleted_at IS NULL AND created_at < ${before}
     ORDER BY id LIMIT ${SWEEP_BATCH}`;
  if (rows.length > 0) {
    await boss.insert(
      rows.map((row) => ({
        name: QUEUES.documentRead,
        data: { documentId: row.id },
        singletonKey: documentReadKey(row.id),
        priority: READ_PRIORITY.backfill,
      })),
    );
  }
  return rows.length;
}
