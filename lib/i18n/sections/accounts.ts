// The pt-BR catalogue's "accounts" section (lib/i18n/messages.ts explains the catalogue).
export const accountsMessages = {
  notFound: "Conta não encontrada neste escritório.",
  clientRequired: "Informe o cliente.",
  yearAndMonth: "Informe o ano e o mês juntos.",
  invalidCode: "Código inválido: use números separados por pontos (ex.: 1.1.01.001).",
  sameYear: "O ano de destino deve ser diferente do ano de origem.",
  noAccounts: "Selecione ao menos uma conta.",
  repeatedAccounts: "Há contas repetidas na lista.",
  formatNotSupported: "Formato ainda não suportado",
  yearHasAccounts: (year: number) => `O plano de contas de ${year} já tem contas.`,
  yearWithoutAccounts: (year: number) => `O plano de contas de ${year} não tem contas para copiar.`,
  duplicateCode: (year: number) => `Já existe uma conta com este código no plano de contas de ${year}.`,
  notActivatable: "Conta inativa ou sintética: não pode ser ativada para o cliente.",
} as const;
