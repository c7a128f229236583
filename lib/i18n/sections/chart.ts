// The pt-BR catalogue's "chart" section (lib/i18n/messages.ts explains the catalogue): the office's
// chart of accounts, 'Plano de contas', its import, the starter chart and the first-visit offer.
export const chartMessages = {
  title: "Plano de contas",
  open: "Plano de contas",
  close: "Fechar",
  year: "Exercício",
  search: "Buscar conta",
  count: (shown: number, total: number) =>
    shown === total ? `${total} ${total === 1 ? "conta" : "contas"}` : `${shown} de ${total} contas`,
  code: "Código",
  reducedCode: "Código no sistema contábil",
  reducedShort: "Cód. sistema",
  description: "Descrição",
  type: "Tipo",
  analytic: "Analítica",
  synthetic: "Sintética",
  inactive: "Inativa",
  noAccounts: (year: number) => `Nenhuma conta em ${year}`,
  noAccountsText:
    "Importe o plano exportado pelo sistema contábil do escritório ou comece pelo plano inicial e ajuste-o.",
  noMatch: "Nenhuma conta encontrada",
  loading: "Carregando contas…",
  // Actions
  importChart: "Importar plano de contas",
  starter: "Usar plano inicial",
  rollover: (year: number) => `Copiar para ${year}`,
  rolloverConfirm: (from: number, to: number) =>
    `Copiar as contas de ${from} para ${to}? O exercício de ${to} está vazio.`,
  rolloverDone: (to: number) => `Plano copiado para ${to}.`,
  starterDone: (year: number) => `Plano inicial carregado em ${year}.`,
  newAccount: "Nova conta",
  create: "Criar conta",
  cancel: "Cancelar",
  save: "Salvar",
  edit: (code: string) => `Editar ${code}`,
  deactivate: (code: string) => `Desativar ${code}`,
  reactivate: (code: string) => `Reativar ${code}`,
  deactivateLabel: "Desativar",
  reactivateLabel: "Reativar",
  editLabel: "Editar",
  created: (code: string) => `Conta ${code} criada.`,
  // Import
  back: "Voltar ao plano",
  importTitle: (year: number) => `Importar plano de contas para ${year}`,
  importHelp:
    "Escolha o arquivo exportado pelo sistema contábil. A prévia mostra o que mudará; nada é gravado " +
    "até você clicar em Importar.",
  file: "Arquivo",
  chooseFile: "Escolher arquivo",
  noFile: "Nenhum arquivo escolhido",
  format: "Formato",
  formatCsv: "CSV",
  formatDominio: "Domínio",
  firstLines: (shown: number) => `Primeiras ${shown} linhas do arquivo`,
  column: (index: number) => `Coluna ${index + 1}`,
  columnsTitle: "Colunas",
  columnsHelp: "Confira qual coluna do arquivo traz cada campo e ajuste se preciso.",
  noColumn: "Nenhuma",
  line: "Linha",
  reason: "Motivo",
  previewing: "Calculando a prévia…",
  preview: "Prévia",
  willCreate: (n: number) => `${n} a criar`,
  willUpdate: (n: number) => `${n} a atualizar`,
  willDeactivate: (n: number) => `${n} a desativar`,
  refusedCount: (n: number) => `${n} ${n === 1 ? "linha recusada" : "linhas recusadas"}`,
  refusedTitle: "Linhas recusadas",
  doImport: "Importar",
  imported: (created: number, updated: number, deactivated: number, refused: number) =>
    `Plano importado: ${created} criadas, ${updated} atualizadas, ${deactivated} desativadas` +
    `${refused ? `, ${refused} linhas recusadas` : ""}.`,
  readFailed: "Não foi possível ler o arquivo.",
  sameColumn: "Código e descrição precisam ser colunas diferentes.",
  // The first visit (/home)
  offerTitle: "Carregue o plano de contas",
  offerText: (years: string) =>
    `O escritório ainda não tem plano de contas em ${years}. Sem ele não há contas para ativar nos clientes ` +
    "nem para categorizar os blocos, que entram no plano do ano da data de pagamento.",
  offerStarter: (years: string) => `Usar plano inicial em ${years}`,
  offerOpen: "Abrir plano de contas",
  offerAskAdmin: (years: string) =>
    `O escritório ainda não tem plano de contas em ${years}. ` +
    "Peça ao responsável ou a um administrador do escritório para carregá-lo em 'Plano de contas'.",
  and: " e ",
};

// 'Adicionar contas' of a client (components/client-detail): many accounts at once.
export const chartActivateMessages = {
  activateAll: "Ativar todas",
  activateSelected: (n: number) => `Ativar selecionadas (${n})`,
  select: (label: string) => `Selecionar ${label}`,
  selectAll: "Selecionar todas as contas listadas",
  confirmAll: (n: number, month: string, year: number) =>
    `Ativar ${n === 1 ? "a conta disponível" : `as ${n} contas disponíveis`} ` +
    `para este cliente a partir de ${month} de ${year}?`,
  activated: (n: number) => (n === 1 ? "1 conta ativada." : `${n} contas ativadas.`),
  reducedCode: (code: string) => `Cód. sistema ${code}`,
};
