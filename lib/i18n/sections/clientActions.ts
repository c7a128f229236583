// The pt-BR catalogue's "clientActions" section (lib/i18n/messages.ts explains the catalogue).
export const clientActionsMessages = {
  // The side bar of /home/client (spec §2 "Accounting: client detail").
  sideBar: "Ações do cliente",
  expand: "Expandir menu",
  collapse: "Recolher menu",
  view: "Visualizar",
  categorize: "Categorizar",
  contabilize: "Contabilizar",
  accounts: "Gerenciar contas",
  importXml: "Importar XML",
  history: "Histórico",
  share: "Compartilhar cliente",
  transfer: "Transferir cliente",
  remove: "Excluir cliente",
  uncategorizedCount: (count: number) =>
    `${count} ${count === 1 ? "bloco não categorizado" : "blocos não categorizados"}`,
  uncontabilizedCount: (count: number) =>
    `${count} ${count === 1 ? "bloco não contabilizado" : "blocos não contabilizados"}`,
  contabilizingBy: (name: string) => `${name} está contabilizando este cliente.`,
  responsibleOnly: "Apenas o operador responsável por este cliente pode fazer isso.",
  // 'Gerenciar contas' (spec §2 drawers, §4 Accounts).
  manageTitle: "Gerenciar plano de Contas",
  addTitle: "Adicionar contas",
  searchActive: "Buscar conta ativa",
  searchAll: "Buscar conta",
  activeList: "Contas ativas",
  results: "Resultados da busca",
  noActive: "Nenhuma conta adicionada",
  noResults: "Nenhuma conta encontrada",
  addAccount: (label: string) => `Adicionar ${label}`,
  removeAccount: (label: string) => `Remover ${label}`,
  backToActive: "Voltar para as contas ativas",
  activeSince: (date: string) => `Ativa desde ${date}`,
  fromMonth: (month: string, year: number) => `As alterações valem a partir de ${month} de ${year}.`,
  helpLabel: "Como funcionam as contas ativas",
  help:
    "Contas ativas ficam disponíveis a partir do mês de ativação e continuam nos meses seguintes. " +
    "Adicionar uma conta não altera os meses anteriores. Contas desativadas continuam disponíveis " +
    "nos meses em que há ao menos um bloco categorizado nelas.",
  // 'Compartilhar cliente'.
  shareTitle: "Compartilhe este cliente com outros operadores",
  shareSearch: "Buscar cliente",
  shareWith: (name: string) => `Compartilhar com ${name}`,
  blocked: "Bloqueado",
  // 'Transferir cliente' (spec §4 Transfer).
  transferTitle: "Transferir cliente para outro operador",
  transferText:
    "Escolha o operador que passará a ser o responsável por este cliente. Depois da transferência, " +
    "só ele poderá compartilhar, transferir ou excluir o cliente, e você continuará com acesso " +
    "apenas se o cliente estiver compartilhado com você.",
  transferChoose: "Operadores",
  transferOpen: "Transferir clientes",
  transferConfirm: (name: string) => `Transferir cliente para ${name}?`,
  transferYes: "Sim, transferir cliente",
  // 'Excluir cliente'.
  removeConfirm: "Tem certeza que deseja remover este cliente?",
  /** The spec's question, then what the removal does (the books stay: the removal is soft). */
  removeConsequences: (name: string) =>
    `Tem certeza que deseja remover este cliente? Os usuários de ${name} perdem o acesso ao Bloco ` +
    `e os blocos de ${name} saem das listas do escritório.`,
  dismiss: "Fechar aviso",
} as const;
