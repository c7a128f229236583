// The pt-BR catalogue's "shell" section (lib/i18n/messages.ts explains the catalogue).
export const shellMessages = {
  openOperators: "Buscar operador",
  openProfile: "Conta",
  switchPlatform: "Trocar plataforma",
  switchTo: (platform: "accounting" | "bussiness") =>
    platform === "accounting" ? "Ir para Contabilidade" : "Ir para Empresa",
  close: "Fechar",
} as const;
