// The "business" section of the pt-BR catalogue, part "sent": Blocos enviados.
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.
export const businessSentMessages = {
  operator: "Operador",
  me: "Voce",
  noBlocks: "Sem blocos",
  selectBlock: "Selecione um bloco",
  undo: "Desfazer envio",
  undone: "Envio desfeito. Os documentos voltaram para a galeria.",
  blocks: "Blocos enviados no período",
  block: (time: string, count: number) => `Bloco enviado às ${time}, ${count === 1 ? "1 imagem" : `${count} imagens`}`,
  undoLeft: (left: string) => `${left} para desfazer`,
  contabilized: "Contabilizado",
  categorized: "Categorizado",
  preview: "Documentos do bloco",
  sentAt: (date: string, time: string) => `Enviado em ${date} às ${time}`,
  closePreview: "Fechar pré-visualização",
} as const;
