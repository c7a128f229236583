import "server-only";
import { readCfe } from "./read-cfe";
import { readCte } from "./read-cte";
import { readNfe } from "./read-nfe";
import { decodeXmlBytes } from "./xml-text";
import { childOf, parseXmlTree, pathOf } from "./xml-tree";
import type { FiscalXmlResult } from "./xml-values";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";

// A fiscal XML file (NF-e, NFC-e, CT-e, CF-e SAT; bare or with its authorisation protocol) to the
// FiscalDocument it describes, or the pt-BR reason it cannot be read. Hostile files are answered, never
// followed: over 5 MB unread, any DTD refused, no entity expanded (docs/decisions/0261-fiscal-xml-reading.md).

export type { FiscalXmlResult } from "./xml-values";

const m = fiscalMessages.xml;

export function readFiscalXml(bytes: Uint8Array): FiscalXmlResult {
  const decoded = decodeXmlBytes(bytes);
  if (!decoded.ok) return decoded;
  if (!/^\s*</.test(decoded.text)) return { ok: false, message: m.notFiscal };
  const tree = parseXmlTree(decoded.text);
  if (!tree.ok) {
    const message = { doctype: m.doctype, malformed: m.malformed, too_many_elements: m.notFiscal }[tree.reason];
    return { ok: false, message };
  }
  const root = tree.root;
  switch (root.name) {
    case "nfeProc":
      return readNfe(childOf(root, "NFe"), pathOf(root, "protNFe", "infProt"));
    case "NFe":
      return readNfe(root, null);
    case "cteProc":
      return readCte(childOf(root, "CTe"), pathOf(root, "protCTe", "infProt"));
    case "CTe":
      return readCte(root, null);
    case "CFe":
      return readCfe(root);
    default:
      return { ok: false, message: m.notFiscal };
  }
}
