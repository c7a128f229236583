// The pt-BR catalogue's "password" section (lib/i18n/messages.ts explains the catalogue).
export const passwordMessages = {
  invalidLink: "Link inválido ou expirado.",
} as const;
