// The pt-BR catalogue's "contabilizationDesk" section (lib/i18n/messages.ts explains the catalogue).
// The desktop contabilization page (spec §2 "Accounting: desktop contabilization").
export const contabilizationDeskMessages = {
  title: "Contabilização",
  back: "Voltar para o cliente",
  month: "Mês",
  year: "Ano",
  accounts: "Contas",
  accountsOf: (period: string) => `Contas de ${period}`,
  toPost: (n: number) =>
    n === 0 ? "Nenhum bloco a contabilizar" : n === 1 ? "1 bloco a contabilizar" : `${n} blocos a contabilizar`,
  chooseAccount: "Selecione uma conta para comecar",
  nextBlock: "Bloco a contabilizar",
  date: "Data",
  value: "Valor",
  noValue: "Sem valor",
  next: "Proximo",
  noBlocks: "Sem blocos!",
  documents: (n: number) => (n === 1 ? "1 documento" : `${n} documentos`),
  viewDocuments: "Ver documentos",
  documentPreview: "Primeiro documento do bloco",
  lastContabilized: "Últimos contabilizados do mês",
  undo: "Desfazer",
  undoConfirm: "Confirmar desfazer",
  undoHint: "Clique novamente para confirmar: o bloco volta a ser o próximo da conta.",
  contabilizedAt: (date: string, time: string) => `Contabilizado em ${date} às ${time}`,
  history: "Visualizar Historico",
  historyOf: (account: string, period: string) => `${account} · ${period}`,
  historyEmpty: "Sem itens nesta lista",
  heldTitle: "Cliente em contabilização",
  loadError: "Não foi possível carregar a contabilização deste cliente.",
  retry: "Tentar novamente",
  qrTitle: "Contabilizar pelo celular",
  qrLabel: "QR code para contabilizar pelo celular",
  qrHint: "Aponte a câmera do celular para o código: a contabilização deste cliente abre no celular, sem login.",
  qrSafety:
    "Por segurança, o código funciona uma única vez por leitura: ao fechar ou recarregar a página no " +
    "celular, será preciso escanear o código novamente.",
  qrValidUntil: (time: string) =>
    `Código válido até ${time}; um novo aparece sozinho antes disso e depois de cada uso.`,
  qrRenew: "Gerar novo código",
  qrLoading: "Gerando o código…",
  qrError: "Não foi possível gerar o QR code.",
} as const;
