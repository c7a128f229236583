// The pt-BR catalogue's "clients" section (lib/i18n/messages.ts explains the catalogue).
export const clientsMessages = {
  // /home of the accounting platform (spec §2 "Accounting: client list") and its drawer and dialog.
  title: "Clientes",
  search: "Buscar conta",
  add: "Adicionar Cliente",
  shared: "Compartilhado com outros operadores",
  uncategorized: "Tem blocos não categorizados",
  pendencies: "Tem pendências em aberto",
  responsible: (name: string) => `Responsável: ${name}`,
  busy: (name: string) => `Em uso por ${name}`,
  loading: "Carregando clientes…",
  retry: "Tentar novamente",
  matches: (count: number, total: number) =>
    count === total
      ? `${total} ${total === 1 ? "cliente" : "clientes"}`
      : `${count} de ${total} ${total === 1 ? "cliente" : "clientes"} correspondem à busca`,
  noMatch: "Nenhum cliente corresponde à busca.",
  emptyTitle: "Nenhum cliente ainda",
  emptyText:
    "Comece convidando a primeira empresa cliente: clique em 'Adicionar Cliente' e informe o e-mail " +
    "dela. Ela receberá um link para se cadastrar e aparecerá aqui, com você como operador " +
    "responsável.",
  email: "E-mail",
  confirmAdd: "Adicionar",
  pending: "Adicionados recentemente (aguardando cadastro)",
  inviteHint: "A empresa recebe por e-mail um link para cadastrar seus dados e o primeiro usuário.",
  // The read-only client dialog (spec §2 "Client dialog").
  infoTitle: "Dados do cliente",
  juridicName: "Razão Social",
  individualName: "Nome Completo",
  cnpj: "CNPJ",
  cpf: "CPF",
  phone: "Telefone",
  address: "Endereço",
  notInformed: "Não informado",
} as const;
