// The "business" section of the pt-BR catalogue, part "queue": the blocks Criar bloco keeps on the device
// while there is no connection (docs/decisions/0325-offline-send-queue.md), and their count in the menu.
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.

export const businessQueueMessages = {
  title: "Aguardando conexão",
  intro: "Guardados neste aparelho. São enviados quando a internet voltar.",
  queued: "Sem conexão: o bloco foi guardado neste aparelho e será enviado quando a internet voltar.",
  sentFromQueue: (count: number) =>
    count === 1 ? "1 bloco guardado foi enviado." : `${count} blocos guardados foram enviados.`,
  block: (count: number) => (count === 1 ? "Bloco com 1 imagem" : `Bloco com ${count} imagens`),
  savedAt: (date: string, time: string) => `Guardado em ${date} às ${time}`,
  waiting: "Aguardando conexão",
  sending: "Enviando…",
  refused: "O envio foi recusado",
  refusedFallback: "O servidor recusou o envio deste bloco.",
  retry: "Tentar de novo",
  discard: "Descartar",
  discardTitle: "Descartar bloco",
  discardText: "As imagens deste bloco guardadas neste aparelho serão apagadas e o bloco não será enviado.",
  storeFailed: "Não foi possível guardar o bloco neste aparelho. As imagens continuam selecionadas.",
  gallery: "Documento da galeria",
  pdf: "PDF",
  image: (position: number, total: number) => `Imagem ${position} de ${total}`,
  navCount: (count: number) => (count === 1 ? "1 bloco aguardando conexão" : `${count} blocos aguardando conexão`),
} as const;
