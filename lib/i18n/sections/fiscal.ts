// The pt-BR catalogue's "fiscal" section (lib/i18n/messages.ts explains the catalogue): why a fiscal
// XML (NF-e, NFC-e, CT-e, CF-e SAT), a ZIP of them or a PDF could not be read. Each names the reason
// only: the caller adds the file's name.
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
  import: {
    notDataUrl: "O arquivo não veio como data URL em base64 ('data:...;base64,...').",
    notXmlOrZip: "O arquivo não é um XML nem um ZIP de XMLs de documentos fiscais.",
    unreadable: "Não foi possível ler o XML.",
    duplicate: "Este documento já foi enviado para este cliente.",
    repeated: "Este documento aparece mais de uma vez neste envio.",
  },
  pdf: {
    notPdf: "O arquivo não é um PDF.",
    tooLarge: (megabytes: number) => `O PDF passa de ${megabytes} MB.`,
    corrupt: "PDF corrompido.",
    encrypted: "PDF protegido por senha.",
    tooManyPages: (limit: number) => `O PDF passa de ${limit} páginas.`,
    timeout: "O PDF demorou demais para ser lido.",
    tooHeavy: "O PDF exige memória demais para ser lido.",
  },
} as const;
