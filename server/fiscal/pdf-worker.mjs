// The process that reads a PDF with pdf.js (server/fiscal/pdf-process.ts starts one per file and kills it
// when the answer comes, the time runs out or its memory passes the limit). Plain JavaScript: it runs in
// its own Node process, outside any build step, and imports pdf.js as the ES module it is.
//
// Offline by construction: pdf.js's own worker code is handed over as a global (in Node pdf.js runs it in
// this same thread), standard fonts and cMaps are read from node_modules as file paths, and no URL is
// ever given to it. Document JavaScript never runs: pdf.js only runs it in a viewer that sets up its
// scripting sandbox, and `isEvalSupported: false` keeps fonts from being compiled with `new Function`.
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import * as pdfjsWorker from "pdfjs-dist/legacy/build/pdf.worker.mjs";

globalThis.pdfjsWorker = pdfjsWorker;
const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
const { createCanvas } = await import("@napi-rs/canvas");

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/** @param {number} width @param {number} height @param {number} targetWidth @param {number} maxHeight */
function scaleFor(width, height, targetWidth, maxHeight) {
  return Math.min(targetWidth / width, maxHeight / height);
}

/** @param {unknown} error */
function failureOf(error) {
  const name = error && typeof error === "object" && "name" in error ? String(error.name) : "";
  if (name === "PasswordException") return "encrypted";
  return "corrupt";
}

async function renderPage(page, options) {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: scaleFor(base.width, base.height, options.width, options.maxHeight) });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  // A PDF page is paper: transparent areas are drawn white, as a printer would.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  const png = await canvas.encode("png");
  return { png, width, height };
}

// Text runs in reading order: a new line where the baseline moves, a space where a run starts past the
// end of the last one on the same line (two table cells side by side must not fuse their numbers).
async function textOf(page) {
  const content = await page.getTextContent();
  let text = "";
  let lastY = null;
  let lastEndX = null;
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const [, , , , x, y] = item.transform;
    if (lastY !== null && Math.abs(y - lastY) > 1) {
      if (!text.endsWith("\n")) text += "\n";
    } else if (lastEndX !== null && x - lastEndX > 1 && !/\s$/.test(text) && !/^\s/.test(item.str)) {
      text += " ";
    }
    text += item.str;
    if (item.hasEOL) text += "\n";
    lastY = y;
    lastEndX = x + item.width;
  }
  return text.trim();
}

async function run({ bytes, task }) {
  const loading = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: task.maxImagePixels,
    standardFontDataUrl: join(pdfjsRoot, "standard_fonts") + "/",
    cMapUrl: join(pdfjsRoot, "cmaps") + "/",
    cMapPacked: true,
    wasmUrl: join(pdfjsRoot, "wasm") + "/",
    iccUrl: join(pdfjsRoot, "iccs") + "/",
    verbosity: 0,
  });
  let doc;
  try {
    doc = await loading.promise;
  } catch (error) {
    await loading.destroy();
    return { ok: false, reason: failureOf(error) };
  }
  try {
    const pages = doc.numPages;
    if (pages > task.maxPages) return { ok: false, reason: "tooManyPages", pages };
    if (!task.render && !task.text) return { ok: true, pages, results: [] };
    const results = [];
    for (let number = 1; number <= pages; number += 1) {
      const started = performance.now();
      const page = await doc.getPage(number);
      const result = {};
      if (task.render) Object.assign(result, await renderPage(page, task));
      if (task.text) result.text = await textOf(page);
      result.ms = performance.now() - started;
      page.cleanup();
      results.push(result);
    }
    return { ok: true, pages, results, peakMemoryMb: process.resourceUsage().maxRSS / 1024 };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  } finally {
    await doc.destroy();
  }
}

// The server that started this process is gone: nobody will read the answer.
process.once("disconnect", () => process.exit(1));
// A message that comes before its listener is lost: the file is asked for only once this one listens.
process.once("message", async (message) => {
  const answer = await run(message);
  process.send(answer, () => process.exit(0));
});
process.send({ ready: true });
