import "server-only";
import { childrenOf, pathOf, textAt, type XmlElement } from "./xml-tree";
import { centsOf, dateOf, issuerOf, keyOf, partyOf, type FiscalXmlResult } from "./xml-values";
import type { FiscalItem, FiscalParty } from "@/lib/fiscal/fiscal-document";
import { fiscalMessages } from "@/lib/i18n/sections/fiscal";

// CT-e (model 57), layouts 3.00 and 4.00: `CTe/infCte`, with `protCTe/infProt` when the file is a
// cteProc. The recipient is the service's taker: `ide/toma3/toma` names which party it is, `ide/toma4`
// is a party of its own (2.00 wrote toma03); the value's components (`vPrest/Comp`) are the items.

const m = fiscalMessages.xml;
const TAKER_GROUPS = ["rem", "exped", "receb", "dest"];

function takerOf(info: XmlElement): FiscalParty | null {
  const ide = pathOf(info, "ide");
  const other = partyOf(pathOf(ide, "toma4"));
  if (other) return other;
  const role = textAt(ide, "toma3", "toma") ?? textAt(ide, "toma03", "toma");
  const group = role === null ? undefined : TAKER_GROUPS[Number(role)];
  return (group ? partyOf(pathOf(info, group)) : null) ?? partyOf(pathOf(info, "dest"));
}

export function readCte(cte: XmlElement | null, protocol: XmlElement | null): FiscalXmlResult {
  const info = pathOf(cte, "infCte");
  if (!info) return { ok: false, message: m.notFiscal };
  const key = keyOf(info, "CTe", ["57"]);
  if ("message" in key) return { ok: false, message: key.message };
  const totalCents = centsOf(textAt(info, "vPrest", "vTPrest"));
  if (totalCents === null) return { ok: false, message: m.noTotal };
  const items: FiscalItem[] = [];
  for (const component of childrenOf(pathOf(info, "vPrest"), "Comp")) {
    const value = centsOf(textAt(component, "vComp"));
    if (value === null) return { ok: false, message: m.badValue("vComp") };
    const description = textAt(component, "xNome") ?? "";
    items.push({ code: null, description, quantity: null, unit: null, unitValueCents: null, totalCents: value });
  }
  const protocolKey = textAt(protocol, "chCTe");
  return {
    ok: true,
    document: {
      key,
      version: info.attributes.versao ?? null,
      issuedOn: dateOf(textAt(info, "ide", "dhEmi")),
      issuer: issuerOf(pathOf(info, "emit")),
      recipient: takerOf(info),
      items,
      totalCents,
      homologation: textAt(info, "ide", "tpAmb") === "2",
      authorised: textAt(protocol, "cStat") === "100" && (protocolKey === null || protocolKey === key.key),
    },
  };
}
