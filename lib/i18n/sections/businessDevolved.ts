// The "business" section of the pt-BR catalogue, part "devolved": Devolvidos.
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.
export const businessDevolvedMessages = {
  noDocuments: "Sem documentos",
  selectDocument: "Selecione um documento",
  restore: "Restaurar",
  download: "Baixar",
  remove: "Excluir",
  days: (count: number) => (count === 1 ? "1 dia" : `${count} dias`),
  list: "Documentos devolvidos",
  returnedOn: (date: string) => `Devolvido em ${date}`,
  deletesIn: (left: string) => `Excluído automaticamente em ${left}`,
  restored: "Documento restaurado: ele voltou para a galeria como resgatado.",
  removed: "Documento excluído.",
  restoreNamed: (name: string) => `Restaurar ${name}`,
  downloadNamed: (name: string) => `Baixar ${name}`,
  removeNamed: (name: string) => `Excluir ${name}`,
  closePreview: "Fechar pré-visualização",
  documentOf: (date: string) => `Documento de ${date}`,
  reason: "Motivo da devolução",
} as const;
