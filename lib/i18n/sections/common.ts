// The pt-BR catalogue's "common" section (lib/i18n/messages.ts explains the catalogue).
export const commonMessages = {
  attention: "Atenção",
  cancel: "Cancelar",
  continue: "Continuar",
  emptyList: "Sem itens nesta lista",
  darkMode: "Modo Escuro",
  logout: "Sair",
  loading: "Carregando…",
  backToLogin: "Voltar para o login",
} as const;
