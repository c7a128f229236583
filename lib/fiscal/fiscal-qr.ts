import { parseAccessKey, type AccessKey } from "./access-key";

// The QR codes printed on consumer receipts. NFC-e (model 65), the state's consultation URL with
// `p=` holding fields joined by `|`: version 2 online `key|2|tpAmb|idCSC|hash` (the key alone), version
// 2 offline `key|2|tpAmb|day|vNF|digVal|idCSC|hash` (also the day of emission and the total), version 3
// `key|3|tpAmb…` (the key; its contingency fields are not read). CF-e SAT (model 59):
// `key|AAAAMMDDHHMMSS|vCFe|buyer|signature`. A code is read only when its key's DV holds and its model
// is the one the layout is for.

export type FiscalQr = { key: AccessKey; date: string | null; valueCents: number | null; buyer: string | null };

const pad = (n: number) => String(n).padStart(2, "0");

/** "123.45" (or "123,45", "123") as cents; null for anything else. */
function decimalCents(text: string): number | null {
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A calendar date's YYYY-MM-DD, or null when the day does not exist in that month. */
function calendarDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? `${year}-${pad(month)}-${pad(day)}` : null;
}

function nfceQr(payload: string): FiscalQr | null {
  const fields = payload.split("|");
  const key = parseAccessKey(fields[0] ?? "");
  if (!key || key.model !== "65" || (fields[1] !== "2" && fields[1] !== "3")) return null;
  const offline = fields[1] === "2" && fields.length === 8;
  if (!offline) return { key, date: null, valueCents: null, buyer: null };
  const day = /^\d{2}$/.test(fields[3]!) ? calendarDay(key.year, key.month, Number(fields[3])) : null;
  const valueCents = decimalCents(fields[4]!);
  if (!day || valueCents === null) return null;
  return { key, date: day, valueCents, buyer: null };
}

function cfeQr(text: string): FiscalQr | null {
  const fields = text.split("|");
  const key = parseAccessKey(fields[0] ?? "");
  const stamp = /^(\d{4})(\d{2})(\d{2})\d{6}$/.exec(fields[1] ?? "");
  if (!key || key.model !== "59" || !stamp || fields.length < 4) return null;
  const date = calendarDay(Number(stamp[1]), Number(stamp[2]), Number(stamp[3]));
  const valueCents = decimalCents(fields[2]!);
  if (!date || valueCents === null) return null;
  const buyer = /^(\d{11}|\d{14})$/.test(fields[3]!) ? fields[3]! : null;
  return { key, date, valueCents, buyer };
}

/** What an NFC-e or CF-e SAT QR code's text says; null for any other text. */
export function parseFiscalQr(text: string): FiscalQr | null {
  const trimmed = text.trim();
  const query = /[?&]p=([^&#\s]+)/.exec(trimmed);
  if (query) {
    let payload: string;
    try {
      payload = decodeURIComponent(query[1]!);
    } catch {
      return null;
    }
    return nfceQr(payload);
  }
  return cfeQr(trimmed);
}
