import "server-only";
import { pathOf, textAt, type XmlElement } from "./xml-tree";
import { centsOf, dateOf, issuerOf, keyOf, partyOf, productItems, type FiscalXmlResult } from "./xml-values";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";

// NF-e (model 55) and NFC-e (65), layouts 3.10 and 4.00 (2.00's dEmi read too): `NFe/infNFe`, with the
// SEFAZ's `protNFe/infProt` beside it when the file is an nfeProc.

const m = fiscalMessages.xml;
// 100 authorised; 150 authorised past the deadline.
const AUTHORISED = new Set(["100", "150"]);

export function readNfe(nfe: XmlElement | null, protocol: XmlElement | null): FiscalXmlResult {
  const info = pathOf(nfe, "infNFe");
  if (!info) return { ok: false, message: m.notFiscal };
  const key = keyOf(info, "NFe", ["55", "65"]);
  if ("message" in key) return { ok: false, message: key.message };
  const totalCents = centsOf(textAt(info, "total", "ICMSTot", "vNF"));
  if (totalCents === null) return { ok: false, message: m.noTotal };
  const items = productItems(info, ["vProd"]);
  if ("message" in items) return { ok: false, message: items.message };
  const protocolKey = textAt(protocol, "chNFe");
  const status = textAt(protocol, "cStat");
  return {
    ok: true,
    document: {
      key,
      version: info.attributes.versao ?? null,
      issuedOn: dateOf(textAt(info, "ide", "dhEmi") ?? textAt(info, "ide", "dEmi")),
      issuer: issuerOf(pathOf(info, "emit")),
      recipient: partyOf(pathOf(info, "dest")),
      items,
      totalCents,
      homologation: textAt(info, "ide", "tpAmb") === "2",
      authorised: status !== null && AUTHORISED.has(status) && (protocolKey === null || protocolKey === key.key),
    },
  };
}
