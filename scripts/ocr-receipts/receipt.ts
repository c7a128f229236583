import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import sharp from "sharp";
import { cnpjCheckDigits } from "@/lib/validation";
import type { Random } from "@/server/seed/random";

// A paper receipt without any code (a small shop's coupon, a service receipt), photographed by a phone:
// drawn with @napi-rs/canvas in the DejaVu fonts of the npm package (no system font needed), printed the
// way a thermal printer does (grey, uneven ink), laid on a table, turned a few degrees, blurred, and saved
// as a JPEG. What was printed comes with it, so a reading can be checked field by field.

const fontDir = join(dirname(createRequire(__filename).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS = [
  { family: "Receipt Mono", file: "DejaVuSansMono.ttf" },
  { family: "Receipt Sans", file: "DejaVuSans.ttf" },
  { family: "Receipt Condensed", file: "DejaVuSansCondensed.ttf" },
  { family: "Receipt Serif", file: "DejaVuSerif.ttf" },
  { family: "Receipt Mono Bold", file: "DejaVuSansMono-Bold.ttf" },
] as const;
let registered = false;
function registerFonts(): void {
  if (registered) return;
  for (const font of FONTS) GlobalFonts.registerFromPath(join(fontDir, font.file), font.family);
  registered = true;
}

const SHOPS = [
  "PADARIA E CONFEITARIA SAO JORGE LTDA",
  "MERCADINHO BOA VISTA ME",
  "AUTO PECAS IRMAOS SILVA LTDA",
  "FARMACIA POPULAR DO BAIRRO",
  "RESTAURANTE SABOR CASEIRO LTDA",
  "PAPELARIA CENTRAL EIRELI",
  "POSTO ESTRELA DO SUL LTDA",
  "HORTIFRUTI FRESCOR ME",
  "CHAVEIRO E CARIMBOS RAPIDO",
  "LANCHONETE PONTO CERTO",
  "MATERIAIS DE CONSTRUCAO OLIVEIRA",
  "LAVANDERIA BOLHA AZUL LTDA",
] as const;

const ITEMS = [
  "CAFE EXPRESSO",
  "PAO FRANCES KG",
  "AGUA MINERAL 500ML",
  "PARAFUSO 6MM CX",
  "CANETA ESFEROGRAFICA",
  "SERVICO DE CHAVEIRO",
  "ALMOCO EXECUTIVO",
  "GASOLINA COMUM LT",
  "LAVAGEM COMPLETA",
  "RESMA PAPEL A4",
  "DIPIRONA 500MG",
  "BANANA PRATA KG",
] as const;

const TOTAL_LABELS = ["TOTAL R$", "VALOR A PAGAR R$", "VALOR TOTAL R$", "TOTAL"] as const;

export type PrintedReceipt = {
  supplierName: string;
  cnpj: string;
  /** YYYY-MM-DD */
  date: string;
  valueCents: number;
  /** How it was drawn, for the report. */
  look: { font: string; ink: number; tilt: number; blur: number; dateStyle: string; label: string };
  jpeg: Buffer;
};

const money = (cents: number): string =>
  `${Math.trunc(cents / 100).toLocaleString("pt-BR")},${String(cents % 100).padStart(2, "0")}`;
const pad2 = (n: number) => String(n).padStart(2, "0");

function printedDate(random: Random, iso: string): { text: string; style: string } {
  const [y, m, d] = iso.split("-");
  const style = random.pick(["dd/mm/yyyy", "dd/mm/yy", "dd.mm.yyyy", "dd-mm-yyyy"] as const);
  const year = style === "dd/mm/yy" ? y.slice(2) : y;
  const sep = style.includes(".") ? "." : style.includes("-") ? "-" : "/";
  const time = `${pad2(random.int(7, 21))}:${pad2(random.int(0, 59))}`;
  return { text: `${d}${sep}${m}${sep}${year} ${time}`, style };
}

const formatCnpj = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

/**
 * One receipt, drawn and photographed; `today` (YYYY-MM-DD) bounds its date (within the 300 days before),
 * or `date` sets it.
 */
export async function printedReceipt(
  random: Random,
  today: string,
  { date: printedOn }: { date?: string } = {},
): Promise<PrintedReceipt> {
  registerFonts();
  const supplierName = random.pick(SHOPS);
  const base = Array.from({ length: 8 }, () => random.int(0, 9)).join("") + "0001";
  const cnpj = base + cnpjCheckDigits(base);
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - random.int(0, 300));
  const date = printedOn ?? day.toISOString().slice(0, 10);
  const items = Array.from({ length: random.int(1, 5) }, () => ({
    name: random.pick(ITEMS),
    quantity: random.int(1, 4),
    unit: random.int(150, 25_000),
  }));
  const valueCents = items.reduce((sum, item) => sum + item.quantity * item.unit, 0);
  const printed = printedDate(random, date);
  const label = random.pick(TOTAL_LABELS);

  const lines: { text: string; bold?: boolean; right?: string }[] = [
    { text: supplierName, bold: true },
    { text: `CNPJ: ${formatCnpj(cnpj)}` },
    {
      text: `Rua ${random.pick(["das Flores", "XV de Novembro", "Sete de Setembro", "Bahia"])}, ${random.int(10, 2500)}`,
    },
    { text: "-".repeat(32) },
    { text: random.pick(["CUPOM NAO FISCAL", "RECIBO", "COMPROVANTE DE VENDA"]) },
    { text: `DATA: ${printed.text}` },
    { text: "-".repeat(32) },
    ...items.map((item) => ({ text: `${item.quantity} x ${item.name}`, right: money(item.quantity * item.unit) })),
    { text: "-".repeat(32) },
    { text: `QTD. TOTAL DE ITENS`, right: String(items.reduce((n, item) => n + item.quantity, 0)) },
    { text: label, right: money(valueCents), bold: true },
    { text: random.pick(["DINHEIRO", "CARTAO DEBITO", "PIX"]), right: money(valueCents) },
    { text: "OBRIGADO PELA PREFERENCIA" },
  ];

  // The paper, as the printer made it.
  const font = random.pick(FONTS);
  const size = random.int(22, 30);
  const paperW = random.int(620, 820);
  const lineH = Math.round(size * 1.45);
  const paperH = lineH * (lines.length + 2);
  const ink = random.int(25, 110); // grey level of the print: 25 dark, 110 a faded thermal roll
  const paper = createCanvas(paperW, paperH);
  const ctx = paper.getContext("2d");
  ctx.fillStyle = "#fbfaf6";
  ctx.fillRect(0, 0, paperW, paperH);
  ctx.textBaseline = "alphabetic";
  for (const [i, line] of lines.entries()) {
    const shade = Math.min(200, ink + random.int(-10, 25));
    ctx.fillStyle = `rgb(${shade},${shade},${shade + 4})`;
    const family = line.bold && font.family === "Receipt Mono" ? "Receipt Mono Bold" : font.family;
    ctx.font = `${size}px "${family}"`;
    const y = lineH * (i + 1) + size;
    ctx.fillText(line.text, 24, y, paperW - 48 - (line.right ? size * 6 : 0));
    if (line.right) {
      ctx.textAlign = "right";
      ctx.fillText(line.right, paperW - 24, y);
      ctx.textAlign = "left";
    }
  }
  // Uneven ink: a few pale bands across the roll.
  for (let band = random.int(0, 3); band > 0; band--) {
    ctx.fillStyle = `rgba(251,250,246,${(random.next() * 0.35).toFixed(2)})`;
    ctx.fillRect(0, random.int(0, paperH), paperW, random.int(4, 18));
  }

  // The photo: the paper on a table, turned, a little out of focus.
  const tilt = (random.next() * 2 - 1) * 4;
  const blur = random.next() * 1.1;
  const margin = random.int(60, 180);
  const table = { r: random.int(90, 150), g: random.int(70, 120), b: random.int(50, 90) };
  let photo = sharp(await paper.encode("png"))
    .rotate(tilt, { background: table })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: table });
  if (blur >= 0.3) photo = sharp(await photo.png().toBuffer()).blur(blur);
  const jpeg = await photo.jpeg({ quality: random.int(72, 88) }).toBuffer();
  return {
    supplierName,
    cnpj,
    date,
    valueCents,
    look: { font: font.file, ink, tilt, blur, dateStyle: printed.style, label },
    jpeg,
  };
}
