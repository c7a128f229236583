import { formatCents, formatDate, formatTime, maskCnpj } from "@/lib/format";
import { templateTotalCents, type ReceiptTemplate } from "./receipt-templates";

// Draws a receipt-like document as SVG: a sheet of paper, slightly turned, lying on a table, as a
// phone photo of it would look. Only fonts every Linux with fontconfig has (DejaVu, Liberation,
// generic families) so librsvg renders the pt-BR accents the same everywhere.
const MONO = "DejaVu Sans Mono, Liberation Mono, monospace";
const SANS = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const MARGIN = 60;

type Line = { text: string; size?: number; bold?: boolean; align?: "left" | "center" | "right"; font?: string };

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const plain = (cents: number) => formatCents(cents).replace("R$ ", "");
const rule = (width: number) => ({ text: "-".repeat(width), font: MONO });

function cupomLines(t: ReceiptTemplate, issuedAt: Date): Line[] {
  const total = templateTotalCents(t);
  const items = t.items.flatMap((item, i): Line[] => [
    { text: `${String(i + 1).padStart(3, "0")} ${item.description}`, font: MONO },
    {
      text:
        `    ${item.quantity} UN x ${plain(item.unitCents)}`.padEnd(28) +
        plain(item.quantity * item.unitCents).padStart(12),
      font: MONO,
    },
  ]);
  return [
    { text: t.issuer, bold: true, align: "center", font: MONO },
    { text: `CNPJ ${maskCnpj(t.issuerCnpj)}`, align: "center", font: MONO },
    { text: t.address, align: "center", size: 15, font: MONO },
    rule(40),
    { text: t.title, bold: true, align: "center", font: MONO },
    rule(40),
    { text: "#   DESCRIÇÃO            QTD   VL TOTAL", font: MONO },
    ...items,
    rule(40),
    { text: `QTD. TOTAL DE ITENS`.padEnd(34) + String(t.items.length).padStart(6), font: MONO },
    { text: `VALOR TOTAL R$`.padEnd(28) + plain(total).padStart(12), bold: true, font: MONO },
    { text: `FORMA DE PAGAMENTO: ${t.payment}`, font: MONO },
    rule(40),
    { text: `Emissão: ${formatDate(issuedAt)} ${formatTime(issuedAt)}`, font: MONO },
    { text: "Consulte pela chave de acesso em", size: 15, align: "center", font: MONO },
    { text: "www.nfce.fazenda.sp.gov.br/consulta", size: 15, align: "center", font: MONO },
    {
      text: `3526 ${t.issuerCnpj.slice(0, 4)} ${t.issuerCnpj.slice(4, 8)} 6500 1000 0451 2211 0000 4512`,
      size: 15,
      align: "center",
      font: MONO,
    },
  ];
}

function boletoLines(t: ReceiptTemplate, issuedAt: Date): Line[] {
  const total = templateTotalCents(t);
  const due = new Date(issuedAt.getTime() + 10 * 86_400_000);
  return [
    {
      text: `BANCO DEMO S.A.  |  001-9  |  00190.50095 40144.816069 06809.350314 3 ${String(total).padStart(10, "0")}`,
      bold: true,
      font: MONO,
      size: 16,
    },
    { text: t.title, bold: true, size: 24, font: SANS },
    { text: `Beneficiário: ${t.issuer}  -  CNPJ ${maskCnpj(t.issuerCnpj)}`, font: SANS },
    { text: t.address, font: SANS },
    { text: `Data do documento: ${formatDate(issuedAt)}        Vencimento: ${formatDate(due)}`, font: SANS },
    ...t.items.map((item) => ({
      text: `${item.description}`.padEnd(40, ".") + plain(item.quantity * item.unitCents).padStart(12),
      font: MONO,
    })),
    { text: `(=) Valor do documento: ${formatCents(total)}`, bold: true, size: 22, font: SANS },
    { text: `Pagamento: ${t.payment}`, font: SANS },
  ];
}

function reciboLines(t: ReceiptTemplate, issuedAt: Date): Line[] {
  const total = templateTotalCents(t);
  return [
    { text: t.title, bold: true, size: 28, align: "center", font: SANS },
    { text: `Valor: ${formatCents(total)}`, bold: true, size: 24, align: "right", font: SANS },
    { text: `Recebemos a importância de ${formatCents(total)} referente a:`, font: SANS },
    ...t.items.map((item) => ({
      text: `• ${item.description}: ${formatCents(item.quantity * item.unitCents)}`,
      font: SANS,
    })),
    { text: `Forma de pagamento: ${t.payment}`, font: SANS },
    { text: t.address, font: SANS, size: 16 },
    { text: `São Paulo, ${formatDate(issuedAt)}`, align: "right", font: SANS },
    { text: "______________________________________", align: "center", font: SANS },
    { text: `${t.issuer} - CNPJ ${maskCnpj(t.issuerCnpj)}`, align: "center", size: 16, font: SANS },
  ];
}

const LAYOUTS = {
  cupom: { width: 560, draw: cupomLines },
  boleto: { width: 980, draw: boletoLines },
  recibo: { width: 820, draw: reciboLines },
};

function barcode(x: number, y: number, width: number, seed: number): string {
  const bars: string[] = [];
  for (let at = 0, i = seed; at < width; i++) {
    const w = 1 + ((i * 7919) % 4);
    if (i % 2 === 0) bars.push(`<rect x="${x + at}" y="${y}" width="${w}" height="70" fill="#111"/>`);
    at += w;
  }
  return bars.join("");
}

/** The SVG of a photographed document; `tilt` in degrees, `seed` varies the barcode. */
export function receiptSvg(template: ReceiptTemplate, issuedAt: Date, tilt: number, seed: number): string {
  const layout = LAYOUTS[template.layout];
  const lines = layout.draw(template, issuedAt);
  const lineHeight = (l: Line) => Math.round((l.size ?? 18) * 1.55);
  const paperW = layout.width;
  const paperH = 70 + lines.reduce((h, l) => h + lineHeight(l), 0) + (template.layout === "recibo" ? 40 : 110);
  const canvasW = paperW + MARGIN * 2;
  const canvasH = paperH + MARGIN * 2;
  let y = 60;
  const texts = lines.map((l) => {
    y += lineHeight(l);
    const align = l.align ?? "left";
    const x = align === "center" ? paperW / 2 : align === "right" ? paperW - 30 : 30;
    const anchor = align === "center" ? "middle" : align === "right" ? "end" : "start";
    return `<text x="${x}" y="${y}" font-family="${l.font ?? SANS}" font-size="${l.size ?? 18}"
      font-weight="${l.bold ? "bold" : "normal"}" text-anchor="${anchor}" xml:space="preserve"
        fill="#1d1d1f">${escapeXml(l.text)}</text>`;
  });
  const code = template.layout === "recibo" ? "" : barcode(30, y + 24, paperW - 60, seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${canvasW}" height="${canvasH}">
<rect width="100%" height="100%" fill="#8a7560"/>
<g transform="translate(${MARGIN} ${MARGIN}) rotate(${tilt} ${paperW / 2} ${paperH / 2})">
<rect x="8" y="10" width="${paperW}" height="${paperH}" fill="#3b2f25" opacity="0.45"/>
<rect width="${paperW}" height="${paperH}" fill="${template.layout === "cupom" ? "#fbfaf4" : "#ffffff"}"/>
${texts.join("\n")}
${code}
</g>
</svg>`;
}
