// The pt-BR catalogue's "fiscal" section (lib/i18n/messages.ts explains the catalogue): why a fiscal
// XML (NF-e, NFC-e, CT-e, CF-e SAT) or a ZIP of them could not be read.
export const fiscalMessages = {
  xml: {
    tooLarge: "O XML passa de 5 MB.",
    notFiscal: "O arquivo não é um XML de documento fiscal (NF-e, NFC-e, CT-e ou CF-e).",
    malformed: "XML malformado.",
    doctype: "O XML traz uma declaração DOCTYPE ou ENTITY, que documentos fiscais não têm.",
    encoding: (name: string) => `A codificação '${name}' do XML não é aceita (use UTF-8 ou ISO-8859-1).`,
    badKey: "A chave de acesso do documento não confere (dígito verificador).",
    keyModel: "A chave de acesso não é do modelo do documento.",
    noTotal: "O XML não traz o valor total do documento.",
    badValue: (field: string) => `O valor '${field}' do XML não é um número válido.`,
  },
  zip: {
    tooManyEntries: (limit: number) => `O ZIP tem mais de ${limit.toLocaleString("pt-BR")} arquivos.`,
    tooLarge: (megabytes: number) => `O conteúdo do ZIP passa de ${megabytes} MB descompactado.`,
    corrupt: "ZIP corrompido.",
    encrypted: "O ZIP tem arquivos protegidos por senha.",
  },
} as const;
