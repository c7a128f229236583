import { accessKeyDigit, boletoDigit, collectionMod11Digit, mod10Digit } from "@/lib/fiscal/check-digits";
import type { Random } from "@/server/seed/random";

// The codes the photos carry, each with valid check digits: the NFC-e and CF-e SAT QR codes, the
// DANFE's and DACTE's Code-128 of the access key, the boleto's and collection slip's ITF.

export type CodeKind = "qr" | "code128" | "boleto" | "arrecadacao";
export type DrawnCode = { kind: CodeKind; bcid: "qrcode" | "code128" | "interleaved2of5"; text: string };

const STATES = ["35", "33", "31", "41", "43", "29", "52", "53"];
const BANKS = ["001", "237", "341", "104", "033", "756", "748"];
const HOSTS = [
  "https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx",
  "http://www4.fazenda.rj.gov.br/consultaNFCe/QRCode",
  "https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml",
];
const DAY_MS = 86_400_000;

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => String(random.int(0, 9))).join("");
const hex = (random: Random, count: number) =>
  Array.from({ length: count }, () => "0123456789ABCDEF"[random.int(0, 15)]).join("");
const base64 = (random: Random, count: number) =>
  Array.from(
    { length: count },
    () => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[random.int(0, 63)],
  )
    .join("")
    .replace(/.$/, "=");
const money = (random: Random) => (random.int(100, 250_000) / 100).toFixed(2);
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function accessKey(random: Random, model: "55" | "57" | "65" | "59", month: number): string {
  const head = random.pick(STATES) + "25" + pad(month) + digits(random, 14) + model;
  const body =
    model === "59"
      ? head + digits(random, 9) + digits(random, 6) + digits(random, 6)
      : head + digits(random, 3) + digits(random, 9) + "1" + digits(random, 8);
  return body + accessKeyDigit(body);
}

function fiscalQr(random: Random): string {
  const month = random.int(1, 12);
  const variant = random.int(0, 3);
  if (variant === 3) {
    const key = accessKey(random, "59", month);
    const stamp = `2025${pad(month)}${pad(random.int(1, 28))}${pad(random.int(8, 21))}${pad(random.int(0, 59))}00`;
    const buyer = random.chance(0.4) ? digits(random, 11) : "";
    return [key, stamp, money(random), buyer, base64(random, 344)].join("|");
  }
  const key = accessKey(random, "65", month);
  const fields =
    variant === 0
      ? [key, "2", "1", String(random.int(1, 9)), hex(random, 40)]
      : variant === 1
        ? [key, "2", "1", pad(random.int(1, 28)), money(random), hex(random, 56), "1", hex(random, 40)]
        : [key, "3", "1"];
  return `${random.pick(HOSTS)}?p=${fields.join("|")}`;
}

// Days from the factor's day 0 (1997-10-07); from 2025-02-22 (day 10,000) the factor restarted at 1000.
function dueFactor(random: Random, today: string): string {
  const due = Date.parse(`${today}T00:00:00Z`) + random.int(-20, 60) * DAY_MS;
  const days = Math.round((due - Date.UTC(1997, 9, 7)) / DAY_MS);
  return pad(days >= 10_000 ? days - 9_000 : days, 4);
}

function boleto(random: Random, today: string): string {
  const rest = dueFactor(random, today) + pad(random.int(1_000, 900_000), 10) + digits(random, 25);
  const head = random.pick(BANKS) + "9";
  return head + boletoDigit(head + rest) + rest;
}

function collectionSlip(random: Random): string {
  const valueType = String(random.pick([6, 7, 8, 9]));
  const head = "8" + String(random.pick([1, 2, 3, 4, 5, 6, 7, 9])) + valueType;
  const rest = pad(random.int(1_000, 500_000), 11) + digits(random, 29);
  const dv = valueType === "6" || valueType === "7" ? mod10Digit(head + rest) : collectionMod11Digit(head + rest);
  return head + dv + rest;
}

/** One code of `kind` with random fields and valid check digits. */
export function drawnCode(random: Random, kind: CodeKind, today: string): DrawnCode {
  if (kind === "qr") return { kind, bcid: "qrcode", text: fiscalQr(random) };
  if (kind === "code128") {
    return { kind, bcid: "code128", text: accessKey(random, random.pick(["55", "57"] as const), random.int(1, 12)) };
  }
  const text = kind === "boleto" ? boleto(random, today) : collectionSlip(random);
  return { kind, bcid: "interleaved2of5", text };
}
