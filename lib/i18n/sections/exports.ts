// The pt-BR catalogue's "exports" section (lib/i18n/messages.ts explains the catalogue): the export of a
// month's postings, its settings and its check.
export const exportsMessages = {
  // API
  counterpartInvalid: "Informe de 1 a 20 dígitos, pontos ou traços.",
  historyCodeInvalid: "Informe até 10 dígitos, ou deixe em branco.",
  complementTooLong: (max: number) => `O complemento pode ter até ${max} caracteres.`,
  blocked: "A exportação tem pendências: corrija-as e tente de novo.",
  noCounterpart: "Defina a conta de contrapartida nas Configurações de exportação.",
  notContabilized: (what: string) => `${what} ainda não foi contabilizado.`,
  blockOf: (date: string, value: string) => `O bloco de ${date} (${value})`,
  blockSent: (date: string) => `O bloco enviado em ${date}`,
  accountWithoutCode: (account: string) =>
    `A conta ${account} não tem Código no sistema contábil utilizável (até 20 dígitos, pontos ou traços).`,
  missingDateOrValue: (id: number) => `O bloco ${id} está contabilizado sem data de pagamento ou valor.`,
  officeOnly: "Somente o dono e os administradores do escritório exportam todos os clientes.",
  pendingFileTitle: (period: string) => `Pendências da exportação de ${period}`,
  pendingNone: "Nenhuma pendência: todos os clientes foram exportados.",
  pendingClient: (name: string, code: string) => `${name} (${code})`,
  // UI
  exportPostings: "Exportar lançamentos",
  drawerTitle: (name: string) => `Exportar lançamentos de ${name}`,
  settingsTitle: "Configurações de exportação",
  counterpartAccount: "Conta de contrapartida (crédito)",
  counterpartHint: "Código da conta no sistema contábil: até 20 dígitos, pontos ou traços.",
  historyCode: "Código do histórico padrão",
  complement: "Complemento",
  complementHint: "Use {fornecedor}, {documento} e {chave} para os dados lidos de cada bloco.",
  saveSettings: "Salvar configurações",
  settingsSaved: "Configurações salvas.",
  period: "Período",
  month: "Mês",
  year: "Ano",
  format: "Formato",
  formatDominio: "Domínio (TXT)",
  formatCsv: "CSV (outros sistemas)",
  checkTitle: "Verificação antes de exportar",
  checking: "Verificando…",
  checkOk: (n: number) =>
    n === 1 ? "Tudo certo: 1 lançamento será exportado." : `Tudo certo: ${n} lançamentos serão exportados.`,
  checkErrors: (n: number) => `${n === 1 ? "1 pendência impede" : `${n} pendências impedem`} a exportação:`,
  alreadyExported: "Este mês já foi exportado:",
  previousExport: (date: string, time: string, by: string, postings: number) =>
    `${date} às ${time} por ${by}: ${postings === 1 ? "1 lançamento" : `${postings} lançamentos`}`,
  someone: "operador removido",
  download: "Baixar arquivo",
  downloadAgain: "Exportar novamente",
  downloading: "Gerando arquivo…",
  downloaded: (name: string) => `Arquivo ${name} gerado.`,
  exportedAt: (date: string, time: string) => `Exportado em ${date} às ${time}`,
  // The office-wide export ('Plano de contas' neighbour in the shell's menu)
  officeExport: "Exportar lançamentos de todos os clientes",
  officeExportHint:
    "Um arquivo por cliente em um ZIP; os clientes com pendências ficam de fora e são listados em pendencias.txt.",
  officeDownload: "Baixar ZIP",
} as const;
