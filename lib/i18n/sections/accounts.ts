// The pt-BR catalogue's "accounts" section (lib/i18n/messages.ts explains the catalogue).
export const accountsMessages = {
  notFound: "Conta não encontrada neste escritório.",
  clientRequired: "Informe o cliente.",
  yearAndMonth: "Informe o ano e o mês juntos.",
} as const;
