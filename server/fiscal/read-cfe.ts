import "server-only";
import { pathOf, textAt, type XmlElement } from "./xml-tree";
import { centsOf, dateOf, issuerOf, keyOf, partyOf, productItems, type FiscalXmlResult } from "./xml-values";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";

// CF-e SAT (model 59), as the SAT returns it: `CFe/infCFe` with the key in its Id, the date as AAAAMMDD
// in `ide/dEmi`, the total in `total/vCFe`. A CF-e carries no protocol: the SAT that signed it
// authorised it. Each item's value is its vItem (net of the item's discount), vProd where absent.

const m = fiscalMessages.xml;

export function readCfe(cfe: XmlElement): FiscalXmlResult {
  const info = pathOf(cfe, "infCFe");
  if (!info) return { ok: false, message: m.notFiscal };
  const key = keyOf(info, "CFe", ["59"]);
  if ("message" in key) return { ok: false, message: key.message };
  const totalCents = centsOf(textAt(info, "total", "vCFe"));
  if (totalCents === null) return { ok: false, message: m.noTotal };
  const items = productItems(info, ["vItem", "vProd"]);
  if ("message" in items) return { ok: false, message: items.message };
  return {
    ok: true,
    document: {
      key,
      version: info.attributes.versao ?? info.attributes.versaoDadosEnt ?? null,
      issuedOn: dateOf(textAt(info, "ide", "dEmi")),
      issuer: issuerOf(pathOf(info, "emit")),
      recipient: partyOf(pathOf(info, "dest")),
      items,
      totalCents,
      homologation: textAt(info, "ide", "tpAmb") === "2",
      authorised: true,
    },
  };
}
