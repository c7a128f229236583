// The "business" section of the pt-BR catalogue, part "confirm": the business platform's confirmations.
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.
export const businessConfirmMessages = {
  removeDocument: "Esta acao removera o documento permanentemente. Deseja continuar?",
  // A PDF of the gallery: all its pages go together.
  removePdf: (pages: number) =>
    `Esta ação removerá o PDF ${pages === 1 ? "e sua página" : `e suas ${pages} páginas`} permanentemente. ` +
    "Deseja continuar?",
  solveWithoutChanges: "Voce esta resolvendo uma pendencia sem fazer alteracoes. Deseja continuar?",
  skipPendency:
    "Ao clicar em proxima voce pula a pendencia atual. Isso faz com que ela seja direcionada para o " +
    "final da fila de pendencias.",
} as const;
