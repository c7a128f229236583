// The pt-BR catalogue's "reading" section (lib/i18n/messages.ts explains the catalogue): what the viewer and
// categorization show of a block's reading (docs/decisions/0273-import-and-reading-screens.md).
export const readingMessages = {
  title: "Dados do documento",
  source: {
    xml: "Lido do documento (XML)",
    barcode: "Código de barras",
    qrcode: "QR Code",
    "pdf-text": "Texto do PDF",
    ocr: "Lido por OCR — confira",
  },
  /** The source inside the prefill's note: 'Lido do documento (XML)'. */
  short: { xml: "XML", barcode: "código de barras", qrcode: "QR Code", "pdf-text": "texto do PDF", ocr: "OCR" },
  /** How sure an OCR reading is, beside its source. */
  confidence: (percent: number) => `Confiança da leitura: ${percent}%`,
  model: {
    "55": "NF-e",
    "65": "NFC-e",
    "57": "CT-e",
    "59": "CF-e SAT",
    boleto: "Boleto",
    arrecadacao: "Guia de arrecadação",
  },
  supplier: "Fornecedor",
  document: "CNPJ/CPF",
  date: "Data",
  value: "Valor",
  key: "Chave de acesso",
  barcode: "Código de barras",
  marks: {
    homologation: "Sem valor fiscal (homologação)",
    unauthorized: "Sem protocolo de autorização",
    thirdParty: "Nota de terceiros",
  },
  marksOf: (index: number) => `Documento ${index}`,
  importedBy: (name: string) => `Importado por ${name}`,
  downloadXml: "Baixar XML",
  downloadPdf: "Baixar PDF",
  downloadOf: (label: string, name: string) => `${label}: ${name}`,
  duplicate: "Possível duplicado",
  duplicateHint: "Outro bloco deste cliente pode ser o mesmo pagamento. Compare antes de seguir.",
  duplicateLink: (id: number) => `Bloco ${id}`,
  /** Why another block may be the same payment, beside its link. */
  duplicateReason: {
    key: "mesma chave de acesso",
    line: "mesma linha digitável",
    "supplier-value": "mesmo fornecedor e valor em até 3 dias",
    photo: "mesma foto",
  },
  duplicateDismiss: "Não é duplicado",
  duplicateDismissLabel: (id: number) => `Não é duplicado do bloco ${id}`,
  duplicateDismissed: (id: number) => `Bloco ${id} marcado como não duplicado.`,
  duplicateDismissFailed: "Não foi possível marcar. Tente de novo.",
  duplicateOpen: (id: number) => `Abrir o bloco ${id} para comparar (somente leitura)`,
  /** The note under a prefilled field: a code's source, or OCR's call to check it. */
  prefilled: (source: "xml" | "qrcode" | "barcode" | "pdf-text" | "ocr") =>
    source === "ocr" ? "Lido por OCR — confira" : `Lido do documento (${readingMessages.short[source]})`,
  prefilledHint: "Preenchido a partir do documento. Confira antes de salvar.",
  dueOn: (date: string) => `Vencimento ${date}`,
  issuedOn: (date: string) => `Emitida em ${date}`,
  outsideRange: "Fora do período que o formulário aceita: a data de pagamento não foi preenchida.",
  reference: (id: number) => `Bloco ${id}`,
  readOnlyReference: "Aberto para consulta: somente leitura.",
  /** The account suggestion's reason, in the picker and under the prefilled account. */
  suggested: (count: number, supplier: string | null, kind: "supplier" | "office") =>
    `Sugerida: usada ${count} ${count === 1 ? "vez" : "vezes"} para ${supplier ?? "este fornecedor"}` +
    (kind === "office" ? " em outros clientes do escritório" : ""),
} as const;
