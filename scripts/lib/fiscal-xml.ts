// Fiscal XML files made on demand for the tests and the bench (no fixtures on disk): NF-e 4.00 / 3.10 /
// 2.00, NFC-e, CT-e and CF-e SAT
// with a freshly drawn access key whose DV holds, plus ZIP archives of them and ZIP bombs built without
// ever holding the inflated bytes. Each builder returns the text, its bytes and the values a reader
// should find, so a test checks every field against what was written.
import { randomInt } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { zipSync } from "fflate";
import { accessKeyDigit } from "@/lib/fiscal/check-digits";
import type { FiscalItem } from "@/lib/fiscal/fiscal-document";

export type BuiltXml = { key: string; text: string; bytes: Buffer; items: FiscalItem[]; totalCents: number };

export type FiscalXmlOptions = {
  /** Emission (tpAmb 2) in homologation. */
  homologation?: boolean;
  /** Wrap in nfeProc/cteProc with an authorising protocol (default true); a status other than 100. */
  protocol?: boolean;
  protocolStatus?: string;
  /** Write every element with this namespace prefix (`<nfe:NFe xmlns:nfe=…>`). */
  prefix?: string;
  /** ISO-8859-1 bytes with that encoding declared (default UTF-8). */
  latin1?: boolean;
  items?: number;
  /** Break the key's check digit. */
  wrongDigit?: boolean;
};

export const ISSUER = {
  cnpj: "11222333000181",
  name: "Distribuidora Paraná de Peças Ltda",
  address: "Rua das Acácias, 100, Sala 2, Centro, São Paulo/SP",
};
export const RECIPIENT = {
  cnpj: "45997418000153",
  name: "Oficina São João & Filhos Ltda",
  address: "Avenida Brasil, 2500, Jardim América, Campinas/SP",
};

type Node = string;
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function writer(prefix: string | undefined) {
  const tag = (name: string) => (prefix ? `${prefix}:${name}` : name);
  return (name: string, content: string | Node[], attributes: Record<string, string> = {}): Node => {
    const attrs = Object.entries(attributes)
      .map(([key, value]) => ` ${key}="${escape(value).replace(/"/g, "&quot;")}"`)
      .join("");
    const inner = typeof content === "string" ? escape(content) : content.join("");
    return `<${tag(name)}${attrs}>${inner}</${tag(name)}>`;
  };
}

const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A 44-digit key from its first 43 digits, with its DV (or a wrong one). */
export function withDigit(first43: string, wrong = false): string {
  const dv = accessKeyDigit(first43);
  return first43 + String(wrong ? (dv + 1) % 10 : dv);
}

function finish(
  text: string,
  options: FiscalXmlOptions,
  key: string,
  items: FiscalItem[],
  totalCents: number,
): BuiltXml {
  const declaration = `<?xml version="1.0" encoding="${options.latin1 ? "ISO-8859-1" : "UTF-8"}"?>`;
  const full = declaration + text;
  return { key, text: full, bytes: Buffer.from(full, options.latin1 ? "latin1" : "utf8"), items, totalCents };
}

function nfeItems(count: number): FiscalItem[] {
  // Item i: i units at 10.125 (written with 10 decimals, as vUnCom allows), so its cents round half up.
  return Array.from({ length: count }, (_, index) => ({
    code: `P${String(index + 1).padStart(4, "0")}`,
    description: `Parafuso sextavado nº ${index + 1} ação/é`,
    quantity: `${index + 1}.0000`,
    unit: "UN",
    unitValueCents: 1013,
    totalCents: Math.round((index + 1) * 1012.5),
  }));
}

const SIGNATURE =
  '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><Reference URI=""><DigestValue>' +
  "AAAA</DigestValue></Reference></SignedInfo><SignatureValue>AAAA</SignatureValue></Signature>";

export type NfeOptions = FiscalXmlOptions & {
  model?: "55" | "65";
  /** 4.00 (default), 3.10 (dhEmi and indPag) or 2.00 (dEmi as YYYY-MM-DD). */
  layout?: "4.00" | "3.10" | "2.00";
  /** NFC-e only: a consumer identified by CPF alone. */
  consumerCpf?: string;
};

export function buildNfe(options: NfeOptions = {}): BuiltXml {
  const model = options.model ?? "55";
  const layout = options.layout ?? "4.00";
  const el = writer(options.prefix);
  const ns = options.prefix ? `xmlns:${options.prefix}` : "xmlns";
  const key = withDigit(`352403${ISSUER.cnpj}${model}001${digits(9)}1${digits(8)}`, options.wrongDigit);
  const items = nfeItems(options.items ?? 2);
  const totalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  const ide = el("ide", [
    el("cUF", "35"),
    el("cNF", key.slice(35, 43)),
    el("natOp", "Venda de mercadoria"),
    ...(layout === "4.00" ? [] : [el("indPag", "0")]),
    el("mod", model),
    el("serie", "1"),
    el("nNF", String(Number(key.slice(25, 34)))),
    layout === "2.00" ? el("dEmi", "2024-03-15") : el("dhEmi", "2024-03-15T23:30:00-03:00"),
    el("tpNF", "1"),
    el("cMunFG", "3550308"),
    el("tpImp", model === "65" ? "4" : "1"),
    el("tpEmis", "1"),
    el("cDV", key[43]),
    el("tpAmb", options.homologation ? "2" : "1"),
    el("finNFe", "1"),
  ]);
  const address = (street: string, number: string, extra: string | null, district: string, city: string) =>
    [el("xLgr", street), el("nro", number), ...(extra ? [el("xCpl", extra)] : []), el("xBairro", district)]
      .concat([el("cMun", "3550308"), el("xMun", city), el("UF", "SP"), el("CEP", "01001000")])
      .concat([el("cPais", "1058"), el("xPais", "Brasil")]);
  const emit = el("emit", [
    el("CNPJ", ISSUER.cnpj),
    el("xNome", ISSUER.name),
    el("enderEmit", address("Rua das Acácias", "100", "Sala 2", "Centro", "São Paulo")),
    el("IE", "111222333444"),
    el("CRT", "3"),
  ]);
  const dest =
    model === "65"
      ? options.consumerCpf
        ? el("dest", [el("CPF", options.consumerCpf), el("indIEDest", "9")])
        : ""
      : el("dest", [
          el("CNPJ", RECIPIENT.cnpj),
          el("xNome", RECIPIENT.name),
          el("enderDest", address("Avenida Brasil", "2500", null, "Jardim América", "Campinas")),
          el("indIEDest", "1"),
        ]);
  const det = items.map((item, index) =>
    el(
      "det",
      [
        el("prod", [
          el("cProd", item.code ?? ""),
          el("cEAN", "SEM GTIN"),
          el("xProd", item.description),
          el("NCM", "73181500"),
          el("CFOP", "5102"),
          el("uCom", item.unit ?? ""),
          el("qCom", item.quantity ?? ""),
          el("vUnCom", "10.1250000000"),
          el("vProd", money(item.totalCents)),
          el("indTot", "1"),
        ]),
        el("imposto", [el("ICMS", [el("ICMS00", [el("orig", "0"), el("CST", "00"), el("vICMS", "0.00")])])]),
      ],
      { nItem: String(index + 1) },
    ),
  );
  const total = el("total", [
    el("ICMSTot", [el("vBC", "0.00"), el("vProd", money(totalCents)), el("vNF", money(totalCents))]),
  ]);
  const pag = el("pag", [el("detPag", [el("tPag", "01"), el("vPag", money(totalCents))])]);
  const supl =
    model === "65"
      ? el("infNFeSupl", [
          `<${options.prefix ? `${options.prefix}:` : ""}qrCode><![CDATA[https://www.nfce.fazenda.sp.gov.br/qrcode?p=${key}|2|1|1|ABCDEF]]></${options.prefix ? `${options.prefix}:` : ""}qrCode>`,
        ])
      : "";
  const infNFe = el("infNFe", [ide, emit, dest, ...det, total, pag], { Id: `NFe${key}`, versao: layout });
  const protocol = options.protocol ?? true;
  if (!protocol)
    return finish(
      el("NFe", [infNFe, supl, SIGNATURE], { [ns]: "http://www.portalfiscal.inf.br/nfe" }),
      options,
      key,
      items,
      totalCents,
    );
  const nfe = el("NFe", [infNFe, supl, SIGNATURE]);
  const prot = el(
    "protNFe",
    [
      el("infProt", [
        el("tpAmb", options.homologation ? "2" : "1"),
        el("verAplic", "SP_NFE_PL009_V4"),
        el("chNFe", key),
        el("dhRecbto", "2024-03-15T23:30:05-03:00"),
        el("nProt", "135240000000001"),
        el("cStat", options.protocolStatus ?? "100"),
        el("xMotivo", "Autorizado o uso da NF-e"),
      ]),
    ],
    { versao: layout },
  );
  const proc = el("nfeProc", [nfe, prot], { [ns]: "http://www.portalfiscal.inf.br/nfe", versao: layout });
  return finish(proc, options, key, items, totalCents);
}

export type CteOptions = FiscalXmlOptions & {
  layout?: "4.00" | "3.00";
  /** ide/toma3/toma (0 sender, 1 dispatcher, 2 receiver, 3 recipient) or 4: a taker of its own (toma4). */
  taker?: 0 | 1 | 2 | 3 | 4;
};

export const CTE_PARTIES = {
  rem: { cnpj: "11444777000161", name: "Remetente Indústria Ltda" },
  exped: { cnpj: "60701190000104", name: "Expedidor Armazéns Ltda" },
  receb: { cnpj: "33000167000101", name: "Recebedor Logística Ltda" },
  dest: { cnpj: RECIPIENT.cnpj, name: RECIPIENT.name },
  toma4: { cnpj: "07526557000100", name: "Tomador Comércio Ltda" },
};

export function buildCte(options: CteOptions = {}): BuiltXml {
  const el = writer(options.prefix);
  const ns = options.prefix ? `xmlns:${options.prefix}` : "xmlns";
  const layout = options.layout ?? "4.00";
  const taker = options.taker ?? 3;
  const key = withDigit(`412405${ISSUER.cnpj}57001${digits(9)}1${digits(8)}`, options.wrongDigit);
  const party = (name: keyof typeof CTE_PARTIES, addressTag: string) =>
    el(name, [
      el("CNPJ", CTE_PARTIES[name].cnpj),
      el("xNome", CTE_PARTIES[name].name),
      el(addressTag, [
        el("xLgr", "Rua XV de Novembro"),
        el("nro", "10"),
        el("xBairro", "Centro"),
        el("xMun", "Curitiba"),
        el("UF", "PR"),
      ]),
    ]);
  const ide = el("ide", [
    el("cUF", "41"),
    el("cCT", key.slice(35, 43)),
    el("CFOP", "5353"),
    el("natOp", "Prestação de serviço de transporte"),
    el("mod", "57"),
    el("serie", "1"),
    el("nCT", String(Number(key.slice(25, 34)))),
    el("dhEmi", "2024-05-02T08:15:00-03:00"),
    el("tpImp", "1"),
    el("tpEmis", "1"),
    el("cDV", key[43]),
    el("tpAmb", options.homologation ? "2" : "1"),
    el("tpCTe", "0"),
    taker === 4
      ? el("toma4", [el("toma", "4"), el("CNPJ", CTE_PARTIES.toma4.cnpj), el("xNome", CTE_PARTIES.toma4.name)])
      : el("toma3", [el("toma", String(taker))]),
  ]);
  const emit = el("emit", [
    el("CNPJ", ISSUER.cnpj),
    el("IE", "1234567890"),
    el("xNome", "Transportes Irmãos Göbel Ltda"),
    el("enderEmit", [
      el("xLgr", "Rodovia BR-277"),
      el("nro", "km 5"),
      el("xBairro", "Industrial"),
      el("xMun", "Curitiba"),
      el("UF", "PR"),
    ]),
  ]);
  const items: FiscalItem[] = [
    { code: null, description: "Frete peso", quantity: null, unit: null, unitValueCents: null, totalCents: 15000 },
    { code: null, description: "Pedágio", quantity: null, unit: null, unitValueCents: null, totalCents: 1250 },
  ];
  const vPrest = el("vPrest", [
    el("vTPrest", "162.50"),
    el("vRec", "162.50"),
    ...items.map((item) => el("Comp", [el("xNome", item.description), el("vComp", money(item.totalCents))])),
  ]);
  const infCte = el(
    "infCte",
    [
      ide,
      emit,
      party("rem", "enderReme"),
      party("exped", "enderExped"),
      party("receb", "enderReceb"),
      party("dest", "enderDest"),
      vPrest,
      el("infCTeNorm", [el("infCarga", [el("vCarga", "10000.00"), el("proPred", "Peças")])]),
    ],
    { Id: `CTe${key}`, versao: layout },
  );
  const protocol = options.protocol ?? true;
  if (!protocol)
    return finish(
      el("CTe", [infCte, SIGNATURE], { [ns]: "http://www.portalfiscal.inf.br/cte" }),
      options,
      key,
      items,
      16250,
    );
  const prot = el(
    "protCTe",
    [
      el("infProt", [
        el("tpAmb", options.homologation ? "2" : "1"),
        el("chCTe", key),
        el("nProt", "141240000000001"),
        el("cStat", options.protocolStatus ?? "100"),
        el("xMotivo", "Autorizado o uso do CT-e"),
      ]),
    ],
    { versao: layout },
  );
  const proc = el("cteProc", [el("CTe", [infCte, SIGNATURE]), prot], {
    [ns]: "http://www.portalfiscal.inf.br/cte",
    versao: layout,
  });
  return finish(proc, options, key, items, 16250);
}

export type CfeOptions = Omit<FiscalXmlOptions, "protocol" | "protocolStatus"> & { buyerCpf?: string | null };

export function buildCfe(options: CfeOptions = {}): BuiltXml {
  const el = writer(options.prefix);
  const satSerial = `9${digits(8)}`;
  const key = withDigit(`352406${ISSUER.cnpj}59${satSerial}${digits(6)}${digits(6)}`, options.wrongDigit);
  // CF-e items: qCom with 4 decimals, vUnCom with 2 or 3, vItem net of the item's discount.
  const items: FiscalItem[] = Array.from({ length: options.items ?? 2 }, (_, index) => ({
    code: `${index + 1}`,
    description: `Pão de queijo ${index + 1}`,
    quantity: "2.0000",
    unit: "UN",
    unitValueCents: 450,
    totalCents: 850,
  }));
  const totalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  const ide = el("ide", [
    el("cUF", "35"),
    el("cNF", key.slice(37, 43)),
    el("mod", "59"),
    el("nserieSAT", satSerial),
    el("nCFe", key.slice(31, 37)),
    el("dEmi", "20240607"),
    el("hEmi", "134501"),
    el("cDV", key[43]),
    el("tpAmb", options.homologation ? "2" : "1"),
    el("CNPJ", "16716114000172"),
    el("signAC", "SGR-SAT"),
    el("numeroCaixa", "001"),
  ]);
  const emit = el("emit", [
    el("CNPJ", ISSUER.cnpj),
    el("xNome", "Padaria Pão Dourado Ltda"),
    el("enderEmit", [
      el("xLgr", "Rua Augusta"),
      el("nro", "1500"),
      el("xBairro", "Consolação"),
      el("xMun", "São Paulo"),
      el("CEP", "01304001"),
    ]),
    el("IE", "111111111111"),
  ]);
  const buyer = options.buyerCpf === undefined ? "12345678909" : options.buyerCpf;
  const dest = buyer === null ? el("dest", "") : el("dest", [el("CPF", buyer), el("xNome", "Cliente Feliz")]);
  const det = items.map((item, index) =>
    el(
      "det",
      [
        el("prod", [
          el("cProd", item.code ?? ""),
          el("xProd", item.description),
          el("CFOP", "5102"),
          el("uCom", "UN"),
          el("qCom", "2.0000"),
          el("vUnCom", "4.50"),
          el("vProd", "9.00"),
          el("indRegra", "A"),
          el("vDesc", "0.50"),
          el("vItem", "8.50"),
        ]),
      ],
      { nItem: String(index + 1) },
    ),
  );
  const total = el("total", [el("ICMSTot", [el("vProd", money(items.length * 900))]), el("vCFe", money(totalCents))]);
  const pgto = el("pgto", [el("MP", [el("cMP", "01"), el("vMP", money(totalCents))])]);
  const info = el("infCFe", [ide, emit, dest, ...det, total, pgto], {
    Id: `CFe${key}`,
    versao: "0.08",
    versaoDadosEnt: "0.08",
    versaoSB: "010000",
  });
  const root = options.prefix ? el("CFe", [info], { [`xmlns:${options.prefix}`]: "urn:cfe" }) : el("CFe", [info]);
  return finish(root, options, key, items, totalCents);
}

/** A ZIP of the given files (fflate; names as given, folders by their slashes). */
export function zipFiles(files: Record<string, Uint8Array | string>): Buffer {
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, content]) => [
      name,
      typeof content === "string" ? Buffer.from(content) : content,
    ]),
  );
  return Buffer.from(zipSync(entries));
}

export type RawZipEntry = {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
  declaredSize?: number;
  /** Flag the entry as encrypted (general purpose bit 0). */
  encrypted?: boolean;
};

/** `megabytes` MiB of zeros as raw deflate, and their CRC-32, built from one 1 MiB block repeated. */
export function deflatedZeros(megabytes: number): Omit<RawZipEntry, "name"> {
  const mebibyte = Buffer.alloc(1024 * 1024);
  // A full flush ends each copy on a byte boundary with an empty window, so the copies can be chained.
  const block = deflateRawSync(mebibyte, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let index = 0; index < megabytes; index += 1) crc = crc32(mebibyte, crc);
  const deflated = Buffer.concat([...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00])]);
  return { deflated, size: megabytes * 1024 * 1024, crc };
}

/** A ZIP written by hand around already-deflated entries; `declaredSize` lets a header lie. */
export function zipDeflated(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    const flags = 0x800 | (entry.encrypted ? 1 : 0);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
