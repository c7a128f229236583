// The pt-BR catalogue's "titles" section (lib/i18n/messages.ts explains the catalogue).
export const titlesMessages = {
  base: "Bloco",
  accounting: "Bloco | Contabilidade",
  bussiness: "Bloco | Empresa",
} as const;
