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
  // components/ui/lazy-when-open.tsx: a dialog or drawer whose script could not be fetched
  partFailed: "Não foi possível abrir esta parte da tela. Verifique sua conexão e tente novamente.",
  retry: "Tentar novamente",
  close: "Fechar",
} as const;
