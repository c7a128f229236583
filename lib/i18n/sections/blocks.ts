// The pt-BR catalogue's "blocks" section (lib/i18n/messages.ts explains the catalogue).
export const blocksMessages = {
  notFound: "Bloco não encontrado.",
  /** 'Não é duplicado' naming one block twice. */
  sameBlockTwice: "Escolha dois blocos diferentes.",
  clientRequired: "Informe o cliente.",
  invalidDate: "Data de pagamento inválida.",
  dateOutOfRange: (first: number) => `A data de pagamento deve estar entre janeiro de ${first} e o mês atual.`,
  invalidValue: "Valor inválido: informe um valor maior que zero, com ponto e até duas casas decimais.",
  accountNotInChart: "Esta conta não pertence ao plano de contas do ano da data de pagamento.",
  accountNotPostable: "Esta conta está inativa ou é sintética: escolha uma conta analítica ativa.",
  contabilized: "Este bloco já foi contabilizado e não pode mais ser alterado.",
  pendencyOpen: "Este bloco tem uma pendência aberta: aguarde a resposta do cliente para categorizá-lo.",
  stale: "Este bloco foi alterado por outro operador. Recarregamos os dados mais recentes.",
  reasonTooLong: (max: number) => `O motivo deve ter no máximo ${max} caracteres.`,
  busy: (name: string) => `${name} está trabalhando neste cliente no momento. Os blocos estão somente para leitura.`,
} as const;
