// The pt-BR catalogue's "colorlab" section (lib/i18n/messages.ts explains the catalogue).
export const colorlabMessages = {
  title: "Colorlab",
  text: "Os tokens do tema (app/globals.css) nas paletas clara e escura.",
  light: "Tema claro",
  dark: "Tema escuro",
  tokens: "Cores do tema",
  status: "Cores de status",
  statusNames: { shared: "Compartilhado / contabilizado", uncategorized: "Sem categoria", pendency: "Pendência" },
  radius: "Raio",
  radiusText: "rounded-theme = 12px",
  spacing: "Espaçamento",
  spacingText: "Unidade de 8px: p-1 = 8px",
  sample: "Exemplo",
  button: "Botão",
} as const;
