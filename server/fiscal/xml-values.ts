import "server-only";
import { childrenOf, pathOf, textAt, type XmlElement } from "./xml-tree";
import { parseAccessKey, type AccessKey, type FiscalModel } from "@/lib/fiscal/access-key";
import type { FiscalDocument, FiscalItem, FiscalParty } from "@/lib/fiscal/fiscal-document";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";

// The value types of the fiscal layouts, read from their text: decimals with a dot (never through a
// float), dates, parties and their addresses.

export type FiscalXmlResult = { ok: true; document: FiscalDocument } | { ok: false; message: string };

const m = fiscalMessages.xml;

/** The key in the info group's Id ("NFe" + 44 digits…), its DV checked and its model one of `models`. */
export function keyOf(info: XmlElement, prefix: string, models: FiscalModel[]): AccessKey | { message: string } {
  const id = info.attributes.Id ?? "";
  const key = id.startsWith(prefix) ? parseAccessKey(id.slice(prefix.length)) : null;
  if (!key) return { message: m.badKey };
  if (!models.includes(key.model)) return { message: m.keyModel };
  return key;
}

// The layouts' decimals: up to 13 integer digits (TDec_1302) and up to 10 decimals (vUnCom).
const DECIMAL = /^(\d{1,15})(?:\.(\d{1,10}))?$/;

/** Cents from decimal text ("1234.5" → 123450), rounded half up past the second decimal; null if not a decimal. */
export function centsOf(text: string | null): number | null {
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) return null;
  const decimals = (match[2] ?? "").padEnd(3, "0");
  const cents = Number(match[1]) * 100 + Number(decimals.slice(0, 2)) + (decimals[2] >= "5" ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** "2024-03-15T10:30:00-03:00", "2024-03-15" or "20240315" to "2024-03-15" (the date as written); null otherwise. */
export function dateOf(text: string | null): string | null {
  const match = text === null ? null : /^(\d{4})-?(\d{2})-?(\d{2})(?:$|T)/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** "street, number, complement, district, city/UF" from an address group (enderEmit, enderDest, enderToma…). */
export function addressOf(group: XmlElement | null): string | null {
  if (!group) return null;
  const city = textAt(group, "xMun");
  const state = textAt(group, "UF");
  const place = city && state ? `${city}/${state}` : (city ?? state);
  const parts = [textAt(group, "xLgr"), textAt(group, "nro"), textAt(group, "xCpl"), textAt(group, "xBairro"), place];
  const line = parts.filter((part): part is string => part !== null).join(", ");
  return line === "" ? null : line;
}

/** A party group (emit, dest, rem, toma4…): its CNPJ or CPF, name and address (the child named ender…). */
export function partyOf(group: XmlElement | null): FiscalParty | null {
  if (!group) return null;
  const document = textAt(group, "CNPJ") ?? textAt(group, "CPF");
  const name = textAt(group, "xNome");
  const address = addressOf(group.children.find((child) => child.name.startsWith("ender")) ?? null);
  if (document === null && name === null && address === null) return null;
  return { document, name, address };
}

/** The issuer: always a party, empty fields when the group is missing. */
export function issuerOf(group: XmlElement | null): FiscalParty {
  return partyOf(group) ?? { document: null, name: null, address: null };
}

/**
 * The products of an NF-e, NFC-e or CF-e (`det/prod`), each valued by the first of `totalTags` it has
 * (NF-e vProd; CF-e vItem, net of its discount, else vProd); a message when one has none.
 */
export function productItems(info: XmlElement, totalTags: string[]): FiscalItem[] | { message: string } {
  const items: FiscalItem[] = [];
  for (const det of childrenOf(info, "det")) {
    const product = pathOf(det, "prod");
    const total = totalTags.map((tag) => textAt(product, tag)).find((text) => text !== null) ?? null;
    const totalCents = centsOf(total);
    if (totalCents === null) return { message: m.badValue(totalTags[0]) };
    items.push({
      code: textAt(product, "cProd"),
      description: textAt(product, "xProd") ?? "",
      quantity: textAt(product, "qCom"),
      unit: textAt(product, "uCom"),
      unitValueCents: centsOf(textAt(product, "vUnCom")),
      totalCents,
    });
  }
  return items;
}
