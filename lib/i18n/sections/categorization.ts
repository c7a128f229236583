// The pt-BR catalogue's "categorization" section (lib/i18n/messages.ts explains the catalogue).
// Categorization: the server's answers.
export const categorizationMessages = {
  empty: "Não há blocos disponíveis para serem categorizados.",
  invalidIssue: "Problema inválido: escolha uma das opções.",
  observationsTooLong: (max: number) => `A observação deve ter no máximo ${max} caracteres.`,
  pendencyAlreadyOpen: "Este bloco já tem uma pendência aberta.",
} as const;
